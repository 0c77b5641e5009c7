/**
 * An export claims what it posts before it writes a file (DESIGN.md §7, §11): in one write
 * transaction it records itself pending, with the deposits of its scope and the reversals it was
 * given, leaving out what another export (done, or still pending) already claimed. SQLite takes the
 * write lock first (BEGIN IMMEDIATE), so two claims, in two processes on one file too, run one after
 * the other: the second sees the first's rows and cannot claim a deposit twice. PostgreSQL runs it
 * SERIALIZABLE (work.ts): of two overlapping claims one commits, the other is run again and sees it.
 */
import type { ExportRecord } from '../../../../shared/contract';
import type { ReadableDB, WritableDB } from '../work/handles';
import { pendingExport, toExportRecord, type ExportValues } from './exports';
import { glScope } from '../glBatches/glRows';
import { chunks, rowsByChunks } from '../work/chunks';
import { execute, rowsOf, runRead, runWrite } from '../work/work';
import { refuseClosedClaim } from '../months/repository';

export interface ClaimRequest extends ExportValues {
  /** The reversals (transaction_changes ids) of the export's range. */
  changeIds: readonly number[];
  /** Post again what another export already posted (the bookkeeper asked, knowing). */
  repost: boolean;
  /** A report: recorded (pending, then done) so it can be downloaded, but it claims nothing. */
  report?: boolean;
}

export interface ExportClaim {
  id: number;
  /** How many deposits this export posts. */
  deposits: number;
  /** The reversals it posts. */
  changeIds: number[];
  /** In its scope and already posted by another export: left out unless reposting. */
  alreadyPosted: { deposits: number; reversals: number };
  /** The exports that posted them, newest first. */
  postedBy: ExportRecord[];
}

/**
 * Claimed deposits from which the planner is told of them before the export reads its rows. On
 * PostgreSQL the export's queries join export_deposits, whose statistics autovacuum refreshes only a
 * while later: planned as if the export had claimed a few dozen deposits, the rows' cursor started
 * from them and sorted every row (on disk) before its first; 100,000 rows: first row 2.9 -> 0.5 s.
 */
export const STATISTICS_AFTER_CLAIMED = 1_000;

export async function claimExport(writer: WritableDB, request: ClaimRequest): Promise<ExportClaim> {
  const claim = await claimInOneUnit(writer, request);
  if (claim.deposits >= STATISTICS_AFTER_CLAIMED)
    await writer.dialect.refreshStatistics(writer.db, ['export_deposits']);
  return claim;
}

function claimInOneUnit(writer: WritableDB, request: ClaimRequest): Promise<ExportClaim> {
  return runWrite(writer, function* (db) {
    const [pending] = yield* rowsOf(
      db
        .insertInto('exports')
        .values(pendingExport({ ...request, report: request.report ?? false }))
        .returning('id'),
    );
    const id = pending!.id;
    if (request.report)
      return { id, deposits: 0, changeIds: [], alreadyPosted: { deposits: 0, reversals: 0 }, postedBy: [] };
    const inScope = glScope(db, request.scope).select('g.batch_id').distinct();

    const postedDeposits = yield* rowsOf(
      db
        .selectFrom('export_deposits')
        .select(['export_id', 'batch_id'])
        .where('batch_id', 'in', inScope)
        .where('export_id', '!=', id),
    );
    const postedReversals = yield* rowsByChunks(request.changeIds, (changeIds) =>
      db
        .selectFrom('export_reversals')
        .select(['export_id', 'change_id'])
        .where('change_id', 'in', changeIds as number[])
        .where('export_id', '!=', id),
    );

    // The scope's deposits EXCEPT those another export claimed: both sides are read whole before the
    // first row is inserted. As NOT EXISTS, PostgreSQL planned a fresh district's first claim (the
    // table's statistics: empty) as a scan of export_deposits per deposit, each over every row the
    // insert had added so far: 10,000 deposits 1.35 s, growing with their square.
    const scopeDeposits = glScope(db, request.scope).select('g.batch_id');
    const unclaimed = request.repost
      ? scopeDeposits.distinct()
      : scopeDeposits.except(
          db.selectFrom('export_deposits as other').select('other.batch_id').where('other.export_id', '!=', id),
        );
    const claimable = db
      .selectFrom(unclaimed.as('s'))
      .select((eb) => [eb.cast<number>(eb.val(id), 'integer').as('export_id'), 's.batch_id']);
    const deposits = yield* execute(
      db.insertInto('export_deposits').columns(['export_id', 'batch_id']).expression(claimable),
    );
    // A closed month's deposits are posted once, before the close (DESIGN.md §13): posting one again
    // is refused here, in the claim's own transaction, so nothing of this export is kept.
    yield* refuseClosedClaim(db, id, 'Cannot post these deposits again');

    const reposted = new Set(postedReversals.map((r) => r.change_id));
    const changeIds = request.repost ? [...request.changeIds] : request.changeIds.filter((c) => !reposted.has(c));
    for (const slice of chunks(changeIds)) {
      const values = slice.map((change_id) => ({ export_id: id, change_id }));
      yield* execute(db.insertInto('export_reversals').values(values));
    }

    const by = [...new Set([...postedDeposits, ...postedReversals].map((row) => row.export_id))];
    const postedBy = by.length
      ? (yield* rowsOf(db.selectFrom('exports').selectAll().where('id', 'in', by).orderBy('id', 'desc'))).map(
          toExportRecord,
        )
      : [];
    return {
      id,
      deposits,
      changeIds,
      alreadyPosted: {
        deposits: new Set(postedDeposits.map((row) => row.batch_id)).size,
        reversals: reposted.size,
      },
      postedBy,
    };
  });
}

/** What the exports before this one already posted of a scope: the pre-check the UI asks first. */
export function postedInScope(
  reader: ReadableDB,
  scope: ExportValues['scope'],
  changeIds: readonly number[],
): Promise<ExportRecord[]> {
  return runRead(reader, function* (db) {
    const ids = new Set(
      (yield* rowsOf(
        db
          .selectFrom('export_deposits')
          .select('export_id')
          .distinct()
          .where('batch_id', 'in', glScope(db, scope).select('g.batch_id')),
      )).map((row) => row.export_id),
    );
    const posting = yield* rowsByChunks(changeIds, (slice) =>
      db
        .selectFrom('export_reversals')
        .select('export_id')
        .distinct()
        .where('change_id', 'in', slice as number[]),
    );
    for (const row of posting) ids.add(row.export_id);
    if (ids.size === 0) return [];
    const rows = yield* rowsOf(
      db
        .selectFrom('exports')
        .selectAll()
        .where('id', 'in', [...ids])
        .orderBy('id', 'desc'),
    );
    return rows.map(toExportRecord);
  });
}
