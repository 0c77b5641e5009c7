/**
 * One sync run (DESIGN.md §4). Every validated page is written in ONE transaction together with the
 * cursor it advances and the run's counts, so a crash or a network fault loses nothing and repeats
 * nothing: the next run picks up at the last committed page. The network is never awaited inside a
 * transaction (better-sqlite3 transactions are synchronous), and the next page is already being
 * fetched while the current one is written.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SyncPhase, SyncProgress } from '../../../shared/contract';
import {
  addDays,
  compareBusinessDates,
  daysBetween,
  eachBusinessDate,
  todayCentral,
  toIsoUtc,
  type BusinessDate,
  type Clock,
} from '../../../shared/time';
import type { ServiceClient } from '../api/client';
import { BoundError } from '../api/errors';
import type { KeysetPage, KeysetPosition } from '../api/paging';
import type { ParsedTransaction } from '../api/wire';
import { batchExists, countBatchTransactions, upsertBatch } from '../store/batchSync';
import { markBatchesToCheck } from '../store/batchesToCheck';
import { withBulkCheckpoints } from '../store/bulk';
import { replaceGlBatchDay } from '../store/glBatchDay';
import { inTransaction, type WritableDB } from '../store/handles';
import { replaceGlAccounts, replacePayees } from '../store/reference';
import { addRunCounts, deleteCursor, getCursor, setCursor, type RunCounts } from '../store/syncState';
import { TransactionWriter, type PageRow } from '../store/transactionWriter';
import { CURSOR, planPass, type Pass } from './plan';
import { DayTally, DEFAULT_SYNC_LIMITS, rawBytes, RunTally, type SyncLimits } from './limits';
import type { PageSource } from './pageSource';
import type { TouchedBatches } from './touchedBatches';
import { dayBefore } from './windows';

/**
 * Rows at most in one write transaction when a day's pages are written: fewer commits, each a few
 * tens of ms on a large store (the writes are synchronous: the event loop waits for each).
 */
const GROUP_ROWS = 1_000;

export interface RunOptions {
  db: WritableDB;
  client: ServiceClient;
  /** The day walks (transactions, GL batches): fetched on a worker thread when one can start. */
  pages: PageSource;
  clock: Clock;
  runId: number;
  refreshWindowDays: number;
  firstSyncDays: number;
  from?: BusinessDate;
  /** Bounds on pages, rows and bytes (limits.ts); the defaults when not given. */
  limits?: Partial<SyncLimits>;
  /**
   * Filled as pages commit: the deposits whose row, transactions or GL lines this run wrote, so the
   * tie-out checks after the run (also after a failure or a cancel) look at those and no others.
   */
  touchedBatches: TouchedBatches;
  /** Checked between pages: the page in flight is finished and committed first. */
  signal: AbortSignal;
  onProgress(progress: SyncProgress): void;
}

export interface RunOutcome {
  cancelled: boolean;
  counts: RunCounts;
  pass: Pass;
}

/** Where the transactions pass stands: the day, and the keyset position inside it (null: its start). */
interface TxnPosition {
  day: BusinessDate;
  at: KeysetPosition | null;
}

/** A day's pages in write groups of about GROUP_ROWS rows, in order. */
function groupPages<P extends { objects: unknown[] }>(pages: P[]): P[][] {
  const groups: P[][] = [];
  let rows = GROUP_ROWS;
  for (const page of pages) {
    if (rows >= GROUP_ROWS) {
      groups.push([]);
      rows = 0;
    }
    groups.at(-1)!.push(page);
    rows += page.objects.length;
  }
  return groups;
}

export class SyncCancelled extends Error {
  override readonly name = 'SyncCancelled';
}

export async function runSync(options: RunOptions): Promise<RunOutcome> {
  const run = new Run(options);
  return withBulkCheckpoints(options.db, async () => {
    try {
      await run.execute();
      return { cancelled: false, counts: run.counts, pass: run.pass };
    } catch (error) {
      if (error instanceof SyncCancelled) return { cancelled: true, counts: run.counts, pass: run.pass };
      throw error;
    }
  });
}

class Run {
  readonly counts: RunCounts = {
    transactionsInserted: 0,
    transactionsUpdated: 0,
    changesRecorded: 0,
    batchesSynced: 0,
    glBatchesSynced: 0,
  };
  readonly pass: Pass;
  private readonly db: WritableDB;
  private readonly writer: TransactionWriter;
  private readonly limits: SyncLimits;
  private readonly runTally: RunTally;
  private readonly startedMs: number;
  private pages = 0;
  private rows = 0;
  private phase: SyncPhase = 'payees';
  private fraction = 0;
  private lastEmitMs = 0;

  constructor(private readonly o: RunOptions) {
    this.db = o.db;
    this.writer = new TransactionWriter(o.db);
    this.limits = { ...DEFAULT_SYNC_LIMITS, ...o.limits };
    this.runTally = new RunTally(this.limits);
    this.startedMs = performance.now();
    const today = todayCentral(o.clock);
    this.pass = planPass(o.db, today, o);
  }

  private now(): string {
    return toIsoUtc(this.o.clock.now());
  }

  async execute(): Promise<void> {
    const { client } = this.o;
    this.progress('payees', 0, 'Reading payees', true);
    const payees = await client.payees();
    this.commit(() => replacePayees(this.db, payees, this.now()));
    this.checkCancel();

    this.progress('gl_accounts', 0.01, 'Reading the Chart of Accounts', true);
    const accounts = await client.glAccounts();
    this.commit(() => replaceGlAccounts(this.db, accounts, this.now()));
    this.checkCancel();

    this.commit(() => {
      if (!this.pass.resumed) {
        setCursor(this.db, CURSOR.pass, { today: this.pass.today, start: this.pass.start }, this.now());
        setCursor(this.db, CURSOR.txnPosition, { day: this.pass.start, at: null } satisfies TxnPosition, this.now());
        deleteCursor(this.db, CURSOR.glDone);
      }
      setCursor(this.db, CURSOR.origin, this.pass.origin, this.now());
    });
    await this.syncTransactions();
    await this.syncBatches();
    await this.syncGlBatches();
    this.commit(() => {
      setCursor(this.db, CURSOR.syncedThrough, addDays(this.pass.today, -1), this.now());
      deleteCursor(this.db, CURSOR.pass);
      deleteCursor(this.db, CURSOR.txnPosition);
      deleteCursor(this.db, CURSOR.glDone);
    });
    this.progress('done', 1, 'Sync finished', true);
  }

  private async syncTransactions(): Promise<void> {
    const { start, today } = this.pass;
    const totalDays = daysBetween(start, today) + 1;
    const position = getCursor<TxnPosition>(this.db, CURSOR.txnPosition) ?? { day: start, at: null };
    if (compareBusinessDates(position.day, today) > 0) return;
    const feed = await this.o.pages.transactionDays([...eachBusinessDate(position.day, today)], position.at);
    try {
      for (let first = await feed.next(); first; first = await feed.next()) {
        const day = first.item;
        // The whole day is read before any of it is written: a day that passes a bound (a service
        // answering full pages forever) fails the run with nothing of that day in the store.
        const tally = new DayTally(this.limits, 'GET /txns', day);
        const pages = [this.count(tally, first.value)];
        while (!pages.at(-1)!.last) {
          const next = await feed.next();
          if (!next || next.item !== day) throw new Error(`GET /txns: the pages of ${day} ended early`);
          pages.push(this.count(tally, next.value));
          this.checkCancel();
        }
        for (const group of groupPages(pages)) {
          const last = group.at(-1)!;
          const next: TxnPosition = last.last ? { day: addDays(day, 1), at: null } : { day, at: last.position };
          this.writeTransactions(
            group,
            (parsed) => ({ parsed, businessDate: day, fallbackDate: day }),
            () => setCursor(this.db, CURSOR.txnPosition, next, this.now()),
          );
          this.progress(
            'transactions',
            0.02 + 0.78 * ((daysBetween(start, day) + (last.last ? 1 : 0.5)) / totalDays),
            `Transactions of ${day}`,
          );
          this.checkCancel();
          // Between groups, so a big day does not hold the event loop (the app's main process).
          await nextTurn();
        }
      }
    } finally {
      feed.stop();
    }
  }

  /** A page arriving: counted against its day's bounds and the run's. */
  private count<T extends { objects: Array<{ raw: string }> }>(tally: DayTally, page: T): T {
    tally.add(page.objects.length, rawBytes(page.objects));
    this.runTally.add(page.objects.length, tally.endpoint, tally.day);
    return page;
  }

  private async syncBatches(): Promise<void> {
    const cursorDate = getCursor<BusinessDate>(this.db, CURSOR.batchesAfter);
    // Re-read the last day seen: cheap, and a batch that appeared late is not missed.
    const afterDate = cursorDate ? dayBefore(cursorDate) : dayBefore(this.pass.origin);
    let newest = cursorDate;
    this.progress('batches', 0.8, 'Reading deposits (batches)', true);
    for await (const page of this.o.client.batchPages(afterDate)) {
      this.runTally.add(page.objects.length, 'GET /batches', null);
      // A batch dated after today cannot be (the clock is behind the service's); it waits for its day.
      const batches = page.objects.filter((batch) => compareBusinessDates(batch.value.date, this.pass.today) <= 0);
      for (const batch of batches) {
        // A new batch whose transactions the day windows did not all bring is read in full first.
        if (
          !batchExists(this.db, batch.value.id) &&
          countBatchTransactions(this.db, batch.value.id) !== batch.value.totalCount
        ) {
          await this.syncBatchTransactions(batch.value.id, batch.value.date);
        }
        if (!newest || compareBusinessDates(batch.value.date, newest) > 0) newest = batch.value.date;
      }
      this.commit(() => {
        let written = 0;
        for (const batch of batches) {
          if (!upsertBatch(this.db, batch, this.now())) continue;
          written++;
          this.o.touchedBatches.add(batch.value.id);
        }
        this.counts.batchesSynced += written;
        addRunCounts(this.db, this.o.runId, { batchesSynced: written });
        deleteCursor(this.db, CURSOR.batchTxns);
      });
      this.checkCancel();
    }
    if (newest) this.commit(() => setCursor(this.db, CURSOR.batchesAfter, newest, this.now()));
  }

  /**
   * A new batch's transactions, so every batch is complete before it is checked. A deposit is one
   * day's payments: read whole and bounded like a day, then written.
   */
  private async syncBatchTransactions(batchId: string, date: BusinessDate): Promise<void> {
    const cursor = getCursor<{ batchId: string; at: KeysetPosition | null }>(this.db, CURSOR.batchTxns);
    const start = cursor && cursor.batchId === batchId ? cursor.at : null;
    const tally = new DayTally(this.limits, `GET /txns?batch=${batchId}`, date);
    const pages: Array<KeysetPage<ParsedTransaction>> = [];
    try {
      for await (const page of this.o.client.transactionPages({ batch: batchId }, start)) {
        pages.push(this.count(tally, page));
        this.checkCancel();
      }
    } catch (error) {
      throw error instanceof BoundError ? error.onDay(date) : error;
    }
    for (const group of groupPages(pages)) {
      const at = group.at(-1)!.position;
      this.writeTransactions(
        group,
        (parsed) => ({ parsed, businessDate: null, fallbackDate: date }),
        () => setCursor(this.db, CURSOR.batchTxns, { batchId, at }, this.now()),
      );
      this.progress('batches', 0.85, `Transactions of deposit ${batchId}`);
      await nextTurn();
    }
  }

  private async syncGlBatches(): Promise<void> {
    const { start, today } = this.pass;
    const done = getCursor<BusinessDate>(this.db, CURSOR.glDone);
    const first = done ? addDays(done, 1) : start;
    if (compareBusinessDates(first, today) > 0) return;
    const totalDays = daysBetween(start, today) + 1;
    // A day's rows are replaced all at once, so its pages (a few hundred rows) are gathered first;
    // the next days are fetched meanwhile.
    const feed = await this.o.pages.glDays([...eachBusinessDate(first, today)], this.limits);
    try {
      for (let next = await feed.next(); next; next = await feed.next()) {
        const { item: day, value: rows } = next;
        this.runTally.add(rows.length, 'GET /gl-batches', day);
        this.commit(() => {
          for (const batchId of replaceGlBatchDay(this.db, day, rows, this.now())) this.o.touchedBatches.add(batchId);
          setCursor(this.db, CURSOR.glDone, day, this.now());
          addRunCounts(this.db, this.o.runId, { glBatchesSynced: rows.length });
        });
        this.counts.glBatchesSynced += rows.length;
        this.pages++;
        this.progress('gl_batches', 0.9 + 0.1 * ((daysBetween(start, day) + 1) / totalDays), `GL batches of ${day}`);
        this.checkCancel();
        await nextTurn();
      }
    } finally {
      feed.stop();
    }
  }

  /** Pages (one, or a day's pages fetched ahead) written in ONE transaction with their cursor. */
  private writeTransactions(
    pages: Array<KeysetPage<ParsedTransaction>>,
    toRow: (parsed: ParsedTransaction) => PageRow,
    advance: () => void,
  ): void {
    const now = this.now();
    const rows = pages.flatMap((page) => page.objects.map(toRow));
    this.commit(() => {
      const result = this.writer.writePage(rows, this.o.runId, now, this.o.touchedBatches);
      advance();
      addRunCounts(this.db, this.o.runId, {
        transactionsInserted: result.inserted,
        transactionsUpdated: result.updated,
        changesRecorded: result.changes,
      });
      this.counts.transactionsInserted += result.inserted;
      this.counts.transactionsUpdated += result.updated;
      this.counts.changesRecorded += result.changes;
    });
    this.pages += pages.length;
    this.rows += rows.length;
  }

  /** One transaction: the work, its cursor, and the batches it touched (so a successor checks them). */
  private commit(work: () => void): void {
    inTransaction(this.db, () => {
      work();
      const touched = this.o.touchedBatches.takeFresh();
      if (touched.length) markBatchesToCheck(this.db, touched, this.now());
    });
  }

  private checkCancel(): void {
    if (this.o.signal.aborted) throw new SyncCancelled('cancelled');
  }

  private progress(phase: SyncPhase, fraction: number, message: string, force = false): void {
    const phaseChanged = phase !== this.phase;
    this.phase = phase;
    this.fraction = Math.max(this.fraction, Math.min(1, fraction));
    // ETA is about the bookkeeper's wait: wall time, not the (possibly simulated) business clock.
    const nowMs = performance.now();
    if (!force && !phaseChanged && nowMs - this.lastEmitMs < 200) return;
    this.lastEmitMs = nowMs;
    const elapsed = (nowMs - this.startedMs) / 1000;
    const eta =
      this.fraction > 0.05 && this.fraction < 1 && elapsed > 0
        ? Math.round((elapsed * (1 - this.fraction)) / this.fraction)
        : null;
    this.o.onProgress({
      runId: this.o.runId,
      phase,
      pages: this.pages,
      rows: this.rows,
      fraction: this.fraction,
      etaSeconds: phase === 'done' ? 0 : eta,
      message,
    });
  }
}
