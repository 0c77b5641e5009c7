/**
 * A sync's commits: each is ONE unit of work holding what a step of the run wrote (payees, a page of
 * transactions, a page of deposits, a day of GL lines), the cursors it advances, the run's counts
 * and the deposits it touched, so a crash or a network fault loses nothing and repeats nothing: the
 * next run picks up at the last committed step, and a run killed before its checks leaves the
 * touched deposits for its successor to check.
 */
import type { Batch, GlAccount, GlBatch, Payee, Received as Parsed } from '../../../../shared/domain';
import { upsertBatchesWork } from '../batches/batchSync';
import { markBatchesToCheckWork } from '../checks/batchesToCheck';
import { replaceGlBatchDayWork } from '../glBatches/glBatchDay';
import { glDayLines, type GlDayAsStored } from '../glBatches/glDayDigest';
import type { WritableDB } from '../work/handles';
import { replaceGlAccountsWork, replacePayeesWork } from '../transactions/reference';
import { addRunCountsWork, deleteCursorWork, setCursorWork, type RunCounts } from './syncState';
import { writeTransactionPageWork, type PageRow } from '../transactions/transactionWriter';
import { runWrite } from '../work/work';

export interface SyncStep {
  runId: number;
  now: string;
  /** Deposits touched before this step and not yet recorded as waiting for their checks. */
  toCheck?: readonly string[];
  /**
   * Deposits recorded as waiting for their checks already (by an earlier step): not written again
   * when this step touches them too. `toCheck` is written whatever this says.
   */
  recorded?: ReadonlySet<string>;
  payees?: Array<Parsed<Payee>>;
  glAccounts?: Array<Parsed<GlAccount>>;
  /**
   * A page (or a day's pages) of transactions; or what makes them, called by the unit as it runs
   * (again if the unit runs again), so rows made for this write alone are not made before its turn.
   */
  transactions?: readonly PageRow[] | (() => readonly PageRow[]);
  /** A page of deposits: each upserted (an unchanged one writes nothing). */
  batches?: Array<Parsed<Batch>>;
  /** A day of GL lines, replaced whole; listed exactly as stored, only counted. */
  glDay?: { date: string; rows: Array<Parsed<GlBatch>> | GlDayAsStored };
  /** Cursors set (to their JSON) and deleted, after the rows. */
  setCursors?: Record<string, unknown>;
  deleteCursors?: readonly string[];
}

export interface SyncStepResult {
  /** What this step added to the run's counts. */
  counts: RunCounts;
  /** The deposits whose row, transactions or GL lines this step wrote (recorded as waiting for checks). */
  touched: Set<string>;
}

/** Commits one step of a sync run in one unit of work. */
export function commitSyncStep(writer: WritableDB, step: SyncStep): Promise<SyncStepResult> {
  return runWrite(writer, function* (db) {
    const { now } = step;
    const touched = new Set<string>();
    const counts: RunCounts = {
      transactionsInserted: 0,
      transactionsUpdated: 0,
      changesRecorded: 0,
      batchesSynced: 0,
      glBatchesSynced: 0,
    };
    if (step.payees) yield* replacePayeesWork(db, step.payees, now);
    if (step.glAccounts) yield* replaceGlAccountsWork(db, step.glAccounts, now);
    if (step.transactions) {
      const rows = typeof step.transactions === 'function' ? step.transactions() : step.transactions;
      const page = yield* writeTransactionPageWork(writer, db, rows, step.runId, now, touched);
      counts.transactionsInserted = page.inserted;
      counts.transactionsUpdated = page.updated;
      counts.changesRecorded = page.changes;
    }
    if (step.batches)
      for (const id of yield* upsertBatchesWork(writer, db, step.batches, now)) {
        counts.batchesSynced++;
        touched.add(id);
      }
    if (step.glDay) {
      const { date, rows } = step.glDay;
      if (Array.isArray(rows))
        for (const batchId of yield* replaceGlBatchDayWork(writer, db, date, rows, now)) touched.add(batchId);
      counts.glBatchesSynced = glDayLines(rows);
    }
    for (const [name, value] of Object.entries(step.setCursors ?? {})) yield* setCursorWork(db, name, value, now);
    for (const name of step.deleteCursors ?? []) yield* deleteCursorWork(db, name);
    if (Object.values(counts).some((n) => n > 0)) yield* addRunCountsWork(db, step.runId, counts);
    const fresh = [...touched].filter((id) => !step.recorded?.has(id));
    const toCheck = [...new Set([...(step.toCheck ?? []), ...fresh])];
    if (toCheck.length) yield* markBatchesToCheckWork(writer, toCheck, now);
    return { counts, touched };
  });
}
