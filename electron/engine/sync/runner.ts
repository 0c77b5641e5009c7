/**
 * One sync run (DESIGN.md §4). Every validated page is written in ONE transaction together with the
 * cursor it advances and the run's counts, so a crash or a network fault loses nothing and repeats
 * nothing: the next run picks up at the last committed page. Each commit is one unit of work of the
 * store (syncCommit.ts), so the network is never awaited inside a transaction, and the next page is
 * already being fetched while the current one is written.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SyncPhase, SyncProgress } from '../../../shared/contract';
import { DEFAULT_SETTINGS } from '../../../shared/contract/settingsDefaults';
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
import type { KeysetPosition } from '../api/paging';
import type { ParsedTransaction } from '../api/wire';
import { transactionsOfNewBatches } from '../store/batches';
import { glDayLines, storedGlDayDigestsFrom } from '../store/glBatches';
import { rowsPerWriteUnit, withBulkCheckpoints } from '../store/dialect';
import type { WritableDB } from '../store/work';
import { storeDetailsOf, transactionsWithoutDetails, storedDigestsFrom, type PageRow } from '../store/transactions';
import { commitSyncStep, type SyncStep, getCursor, type RunCounts } from '../store/syncState';
import { CURSOR, planPass, type Pass } from './plan';
import { DayTally, DEFAULT_SYNC_LIMITS, RunTally, type SyncLimits } from './limits';
import { packPage, releasePage, unpackObjects, type PackedTransactionPage } from './packedPages';
import type { PageSource } from './pageSource';
import type { Feed } from './feed';
import type { GlDayRows } from './dayWalks';
import { nextWholeDay } from './wholeDays';
import type { TouchedBatches } from './touchedBatches';
import { dayBefore } from './windows';
import { groupPages } from './pageGroups';
import { RunProgress } from './runProgress';

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
  /**
   * The transactions phase has written `rows` rows of transactions (and their items), before the
   * deposits phase reads them back by deposit: the host may tell the query planner what they hold.
   */
  onTransactionsWritten?(rows: number): Promise<void>;
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

/** Transactions without details read from the store at once by the details phase. */
const DETAILS_ROUND = 5_000;

export class SyncCancelled extends Error {
  override readonly name = 'SyncCancelled';
}

export async function runSync(options: RunOptions): Promise<RunOutcome> {
  const pass = await planPass(options.db, todayCentral(options.clock), options);
  const run = new Run(options, pass);
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
  private readonly db: WritableDB;
  private readonly limits: SyncLimits;
  private readonly runTally: RunTally;
  private pages = 0;
  private rows = 0;
  private readonly progressLine: RunProgress;

  constructor(
    private readonly o: RunOptions,
    readonly pass: Pass,
  ) {
    this.db = o.db;
    this.limits = { ...DEFAULT_SYNC_LIMITS, ...o.limits };
    this.runTally = new RunTally(this.limits);
    this.progressLine = new RunProgress(o.runId, o.onProgress);
  }

  private now(): string {
    return toIsoUtc(this.o.clock.now());
  }

  async execute(): Promise<void> {
    const { client } = this.o;
    this.progress('payees', 0, 'Reading payees', true);
    const payees = await client.payees();
    await this.commit({ payees });
    this.checkCancel();

    this.progress('gl_accounts', 0.01, 'Reading the Chart of Accounts', true);
    const accounts = await client.glAccounts();
    await this.commit({ glAccounts: accounts });
    this.checkCancel();

    await this.commit(
      this.pass.resumed
        ? { setCursors: { [CURSOR.origin]: this.pass.origin } }
        : {
            setCursors: {
              [CURSOR.pass]: { today: this.pass.today, start: this.pass.start },
              [CURSOR.txnPosition]: { day: this.pass.start, at: null } satisfies TxnPosition,
              [CURSOR.origin]: this.pass.origin,
            },
            deleteCursors: [CURSOR.glDone],
          },
    );
    await this.syncTransactions();
    await this.o.onTransactionsWritten?.(this.counts.transactionsInserted + this.counts.transactionsUpdated);
    // The GL days are fetched (on the worker) while the deposits are read and written here.
    const glDays = await this.glDaysFeed();
    try {
      await this.syncBatches();
    } catch (error) {
      glDays?.stop();
      throw error;
    }
    await this.syncGlBatches(glDays);
    await this.commit({
      setCursors: { [CURSOR.syncedThrough]: addDays(this.pass.today, -1) },
      deleteCursors: [CURSOR.pass, CURSOR.txnPosition, CURSOR.glDone],
    });
    await this.syncPayerDetails();
    this.progress('done', 1, 'Sync finished', true);
  }

  /**
   * Payer details (DESIGN.md §4.7): GET /txns/:id for every transaction stored without them, after
   * the pass is complete (a failure here leaves the transactions synced). Its own cursor is the
   * store: a transaction's details are marked fetched as they are written, so a killed run's
   * successor asks only for the rest. Read in rounds of ids, so a first sync's million does not sit
   * in memory; each chunk is written in one transaction.
   */
  private async syncPayerDetails(): Promise<void> {
    // Null (a run started without the service, which gives the setting's): the setting's default.
    const inFlight = this.limits.detailsInFlight ?? DEFAULT_SETTINGS.payerDetailsInFlight;
    if (inFlight <= 0) return;
    let afterId = 0;
    let done = 0;
    for (;;) {
      const ids = await transactionsWithoutDetails(this.db, afterId, DETAILS_ROUND);
      if (ids.length === 0) return;
      afterId = ids.at(-1)!;
      const feed = await this.o.pages.transactionDetails(ids, inFlight);
      try {
        for (let next = await feed.next(); next; next = await feed.next()) {
          const details = next.value;
          this.runTally.add(details.length, 'GET /txns/:id', null);
          await storeDetailsOf(this.db, details);
          done += details.length;
          this.rows += details.length;
          this.progress('payer_details', 0.95 + 0.05 * (done / (done + ids.length)), `Payers of ${done} transactions`);
          this.checkCancel();
          await nextTurn();
        }
      } finally {
        feed.stop();
      }
    }
  }

  private async syncTransactions(): Promise<void> {
    const { start, today } = this.pass;
    const totalDays = daysBetween(start, today) + 1;
    const position = (await getCursor<TxnPosition>(this.db, CURSOR.txnPosition)) ?? { day: start, at: null };
    if (compareBusinessDates(position.day, today) > 0) return;
    // The refresh window's transactions, as stored: the walks leave out those whose JSON is the same
    // (most of a nightly's re-read). Older days (a first sync, a long catch-up) are read in full.
    const windowStart = addDays(today, -(this.o.refreshWindowDays - 1));
    const known = await storedDigestsFrom(
      this.db,
      compareBusinessDates(position.day, windowStart) > 0 ? position.day : windowStart,
    );
    const feed = await this.o.pages.transactionDays([...eachBusinessDate(position.day, today)], position.at, known);
    // The next day is read while this one is written: read in turn, the writer waited for a day's
    // pages, then the fetcher (a few pages ahead of what the writer took, aheadBound.ts) for its
    // writes, and a full sync took about the sum of the two (issue 31). The writer holds two days.
    const readDay = () =>
      nextWholeDay(
        feed,
        this.limits,
        (tally, page) => this.count(tally, page),
        () => this.checkCancel(),
      );
    let reading = readDay();
    try {
      for (let read = await reading; read; read = await reading) {
        reading = readDay();
        // Awaited after this day's writes; a failure in the meantime (the next day past a bound, a
        // cancel) is not unhandled until then, and this day is still written whole.
        reading.catch(() => {});
        const { day, pages } = read;
        for (const group of groupPages(pages, rowsPerWriteUnit(this.db))) {
          const last = group.at(-1)!;
          const next: TxnPosition = last.last ? { day: addDays(day, 1), at: null } : { day, at: last.position };
          await this.writeTransactions(group, (parsed) => ({ parsed, businessDate: day, fallbackDate: day }), {
            [CURSOR.txnPosition]: next,
          });
          this.progress(
            'transactions',
            0.02 + 0.78 * ((daysBetween(start, day) + (last.last ? 1 : 0.5)) / totalDays),
            `Transactions of ${day}`,
          );
          this.checkCancel();
          // Between groups, so a big day does not hold the event loop (the app's main process), and
          // the next day's pages come in meanwhile.
          await nextTurn();
        }
      }
    } finally {
      feed.stop();
    }
  }

  /** A page arriving: counted against its day's bounds and the run's, the rows it left out too. */
  private count(tally: DayTally, page: PackedTransactionPage): PackedTransactionPage {
    const rows = page.rows + page.unchanged.rows;
    tally.add(rows, page.rawBytes + page.unchanged.bytes);
    this.runTally.add(rows, tally.endpoint, tally.day);
    return page;
  }

  private async syncBatches(): Promise<void> {
    const cursorDate = await getCursor<BusinessDate>(this.db, CURSOR.batchesAfter);
    // Re-read the last day seen: cheap, and a batch that appeared late is not missed.
    const afterDate = cursorDate ? dayBefore(cursorDate) : dayBefore(this.pass.origin);
    let newest = cursorDate;
    this.progress('batches', 0.8, 'Reading deposits (batches)', true);
    for await (const page of this.o.client.batchPages(afterDate)) {
      this.runTally.add(page.objects.length, 'GET /batches', null);
      // A batch dated after today cannot be (the clock is behind the service's); it waits for its day.
      const batches = page.objects.filter((batch) => compareBusinessDates(batch.value.date, this.pass.today) <= 0);
      // A new batch whose transactions the day windows did not all bring is read in full first.
      const held = await transactionsOfNewBatches(
        this.db,
        batches.map((batch) => batch.value.id),
      );
      for (const batch of batches) {
        const stored = held.get(batch.value.id) ?? null;
        if (stored !== null && stored !== batch.value.totalCount) {
          await this.syncBatchTransactions(batch.value.id, batch.value.date);
          // Read in full now: listed twice on a page, it is not read twice.
          held.delete(batch.value.id);
        }
        if (!newest || compareBusinessDates(batch.value.date, newest) > 0) newest = batch.value.date;
      }
      await this.commit({ batches, deleteCursors: [CURSOR.batchTxns] });
      this.checkCancel();
    }
    if (newest) await this.commit({ setCursors: { [CURSOR.batchesAfter]: newest } });
  }

  /**
   * A new batch's transactions, so every batch is complete before it is checked. A deposit is one
   * day's payments: read whole and bounded like a day, then written.
   */
  private async syncBatchTransactions(batchId: string, date: BusinessDate): Promise<void> {
    const cursor = await getCursor<{ batchId: string; at: KeysetPosition | null }>(this.db, CURSOR.batchTxns);
    const start = cursor && cursor.batchId === batchId ? cursor.at : null;
    const tally = new DayTally(this.limits, `GET /txns?batch=${batchId}`, date);
    const pages: PackedTransactionPage[] = [];
    try {
      for await (const page of this.o.client.transactionPages({ batch: batchId }, start)) {
        pages.push(this.count(tally, packPage(page)));
        this.checkCancel();
      }
    } catch (error) {
      throw error instanceof BoundError ? error.onDay(date) : error;
    }
    for (const group of groupPages(pages, rowsPerWriteUnit(this.db))) {
      const at = group.at(-1)!.position;
      await this.writeTransactions(group, (parsed) => ({ parsed, businessDate: null, fallbackDate: date }), {
        [CURSOR.batchTxns]: { batchId, at },
      });
      this.progress('batches', 0.85, `Transactions of deposit ${batchId}`);
      await nextTurn();
    }
  }

  /** The GL days still to sync, fetched from now on; null when none are left. */
  private async glDaysFeed(): Promise<Feed<GlDayRows> | null> {
    const done = await getCursor<BusinessDate>(this.db, CURSOR.glDone);
    const first = done ? addDays(done, 1) : this.pass.start;
    if (compareBusinessDates(first, this.pass.today) > 0) return null;
    // A day's pages are gathered, then replaced whole (counted only if listed as stored); next days come meanwhile.
    const days = [...eachBusinessDate(first, this.pass.today)];
    return this.o.pages.glDays(days, this.limits, await storedGlDayDigestsFrom(this.db, first));
  }

  private async syncGlBatches(feed: Feed<GlDayRows> | null): Promise<void> {
    if (!feed) return;
    const { start, today } = this.pass;
    const totalDays = daysBetween(start, today) + 1;
    try {
      for (let next = await feed.next(); next; next = await feed.next()) {
        const { item: day, value: rows } = next;
        this.runTally.add(glDayLines(rows), 'GET /gl-batches', day);
        await this.commit({ glDay: { date: day, rows }, setCursors: { [CURSOR.glDone]: day } });
        this.pages++;
        this.progress('gl_batches', 0.9 + 0.05 * ((daysBetween(start, day) + 1) / totalDays), `GL batches of ${day}`);
        this.checkCancel();
        await nextTurn();
      }
    } finally {
      feed.stop();
    }
  }

  /**
   * Pages (one, or a day's pages ahead) written in ONE unit of work with their cursor, unpacked by
   * the unit as it runs, not before its turn of the event loop (fairTurns.ts), when V8 runs most young
   * collections: their objects live for this write alone (issue 31; a retried unit unpacks again).
   */
  private async writeTransactions(
    pages: PackedTransactionPage[],
    toRow: (parsed: ParsedTransaction) => PageRow,
    setCursors: Record<string, unknown>,
  ): Promise<void> {
    const transactions = () => pages.flatMap((page) => unpackObjects(page).map(toRow));
    await this.commit({ transactions, setCursors }).finally(() => pages.forEach((page) => releasePage(page)));
    this.pages += pages.length;
    this.rows += pages.reduce((rows, page) => rows + page.rows, 0);
  }

  /**
   * One unit of work: the step, its cursors and counts, and the batches it and earlier steps touched
   * (recorded, so a successor checks them if this run dies before its checks).
   */
  private async commit(step: Omit<SyncStep, 'runId' | 'now' | 'toCheck' | 'recorded'>): Promise<void> {
    const { touchedBatches, runId } = this.o;
    const result = await commitSyncStep(this.db, {
      ...step,
      runId,
      now: this.now(),
      toCheck: touchedBatches.takeFresh(),
      // What the run touched so far is recorded already (by its step, or found recorded at the start).
      recorded: touchedBatches,
    });
    for (const batchId of result.touched) touchedBatches.add(batchId);
    // Recorded by the step already.
    touchedBatches.takeFresh();
    for (const [name, n] of Object.entries(result.counts) as Array<[keyof RunCounts, number]>) this.counts[name] += n;
  }

  private checkCancel(): void {
    if (this.o.signal.aborted) throw new SyncCancelled('cancelled');
  }

  private progress(phase: SyncPhase, fraction: number, message: string, force = false): void {
    this.progressLine.report(phase, fraction, message, { pages: this.pages, rows: this.rows }, force);
  }
}
