/**
 * The engine's one sync at a time: single-flight start, cancel (the page in flight commits first),
 * status with progress, the run's record, a backup after each successful run, and the events.
 */
import type { DataScope, SyncProgress, SyncRunSummary, SyncStatus } from '../../../shared/contract';
import { backupStore } from '../store/workers';
import { inBackground, refreshPlannerStatistics, type SyncedTable } from '../store/dialect';
import { todayCentral, toIsoUtc, type Clock } from '../../../shared/time';
import type { EngineEventBus } from '../events';
import { redact, type Logger } from '../logger';
import type { SettingsReader } from '../settings';
import { batchesToCheck } from '../store/checks';
import type { Store } from '../store/dialect';
import { finishRun, getRun, lastSuccessAt, listRuns, startRun } from '../store/syncState';
import { describeWait } from '../api/retryBudget';
import type { SyncControl, StartOptions } from '../syncControl';
import type { AfterRun } from './afterRun';
import type { ClientTuning, ServiceConnector } from './connection';
import { toContractError } from './errors';
import type { SyncLimits } from './limits';
import { pageSource } from './pageSource';
import { withSyncHeapSettings } from './heapSettings';
import { checkSyncFrom } from './plan';
import { takeSyncLeadership, type SyncLease } from './leadership';
import { runSync } from './runner';
import { TouchedBatches } from './touchedBatches';

/** Rows a run must write before the planner's statistics are refreshed: a night's few are not worth it. */
const STATISTICS_AFTER_ROWS = 5_000;

interface Current {
  runId: number | null;
  ready: Promise<void>;
  controller: AbortController;
  progress: SyncProgress | null;
  done: Promise<SyncRunSummary | null>;
  /** Team mode: this server leads the sync until the run ends. */
  lease?: SyncLease | null;
}

export type { StartOptions } from '../syncControl';

/** What the sync service takes from the engine that assembles it. */
export interface SyncDeps {
  store: Pick<Store, 'reader' | 'writer' | 'backupFolder' | 'lead'>;
  clock: Clock;
  logger: Logger;
  events: Pick<EngineEventBus, 'emit'>;
  settings: SettingsReader;
  connectService: ServiceConnector;
  /** The district server: the fetch thread gives way to people's calls (backgroundPriority.ts). */
  sharedServer: boolean;
  /** What follows each run: checks, re-opening, bank matching, notifications (engine/afterSync.ts). */
  afterRun: AfterRun;
  /** Registers work to finish before the store closes. */
  onClose(close: () => Promise<void> | void): void;
}

export class SyncService implements SyncControl {
  private current: Current | null = null;
  /** Hosts (tests, bench) may tune the client: retries, timeouts, sleep. */
  clientTuning: ClientTuning = {};
  /** Bounds on what the service can make a run do (limits.ts); a district beyond them raises them. */
  limits: Partial<SyncLimits> = {};
  /** Told the next scheduled run, for sync.status. */
  nextRunAt: () => string | null = () => null;

  constructor(private readonly ctx: SyncDeps) {
    ctx.onClose(async () => {
      this.cancel();
      await this.current?.done;
    });
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Resolves when the run has started (the connection is known); the run goes on in the background. */
  async start(
    options: StartOptions,
  ): Promise<{ runId: number; alreadyRunning: boolean; finished: Promise<SyncRunSummary | null> }> {
    if (this.current) {
      await this.current.ready.catch(() => {});
      if (this.current?.runId != null)
        return { runId: this.current.runId, alreadyRunning: true, finished: this.current.done };
    }
    let release!: () => void;
    let fail!: (error: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
    ready.catch(() => {});
    const current: Current = {
      runId: null,
      ready,
      controller: new AbortController(),
      progress: null,
      done: Promise.resolve(null),
    };
    this.current = current;
    let client;
    let runId: number;
    let lease: SyncLease | null = null;
    try {
      if (options.from) checkSyncFrom(options.from, todayCentral(this.ctx.clock));
      client = await this.ctx.connectService(this.clientTuning, options.url);
      lease = await takeSyncLeadership(this.ctx.store);
      // Inside the try: another process writing the store is said in words, not "database is locked".
      runId = await startRun(this.ctx.store.writer, options.trigger, toIsoUtc(this.ctx.clock.now()));
    } catch (error) {
      await lease?.release();
      this.current = null;
      fail(error);
      throw toContractError(error);
    }
    current.runId = runId;
    current.lease = lease;
    lease?.lost.addEventListener('abort', () => current.controller.abort(), { once: true });
    // Released before the run counts as over (below), and here too should the run end by throwing.
    // Background store work: on SQLite it gives way to the calls people wait on (fairTurns.ts).
    current.done = withSyncHeapSettings(() =>
      inBackground(() => this.execute(current, runId, client, options)),
    ).finally(() => current.lease?.release());
    release();
    return { runId, alreadyRunning: false, finished: current.done };
  }

  cancel(): boolean {
    if (!this.current) return false;
    this.current.controller.abort();
    return true;
  }

  async status(): Promise<SyncStatus> {
    const lastRun = (await listRuns(this.ctx.store.reader, 1))[0] ?? null;
    return {
      running: this.current !== null,
      progress: this.current?.progress ?? null,
      lastRun,
      lastSuccessAt: await lastSuccessAt(this.ctx.store.reader),
      nextRunAt: this.nextRunAt(),
    };
  }

  private async execute(
    current: Current,
    runId: number,
    client: Awaited<ReturnType<ServiceConnector>>,
    options: StartOptions,
  ): Promise<SyncRunSummary> {
    const { ctx } = this;
    const { writer } = ctx.store;
    const settings = await ctx.settings();
    let status: 'succeeded' | 'failed' | 'cancelled' = 'failed';
    let message: string | null = null;
    const scopes = new Set<DataScope>();
    let rowsWritten = 0;
    const pages = pageSource(client, (warning) => ctx.logger.warn(redact(warning)), {
      background: ctx.sharedServer,
    });
    const touchedBatches = new TouchedBatches();
    // Waiting out a 429 or a failing service is said in the progress line, not left silent.
    client.http.budget.onWait = (wait) => {
      if (!current.progress) return;
      current.progress = { ...current.progress, message: describeWait(wait) };
      ctx.events.emit('sync.progress', current.progress);
    };
    // A run killed before its checks left its batches recorded: this run checks them too.
    for (const batchId of await batchesToCheck(writer)) touchedBatches.add(batchId);
    touchedBatches.takeFresh();
    try {
      const outcome = await runSync({
        db: writer,
        client,
        pages,
        clock: ctx.clock,
        runId,
        refreshWindowDays: settings.refreshWindowDays,
        firstSyncDays: settings.firstSyncDays,
        from: options.from,
        limits: { ...this.limits, detailsInFlight: this.limits.detailsInFlight ?? settings.payerDetailsInFlight },
        touchedBatches,
        signal: current.controller.signal,
        onProgress: (progress) => {
          current.progress = progress;
          ctx.events.emit('sync.progress', progress);
        },
        // The deposits phase counts each new deposit's transactions. Planned from the statistics of
        // the table before a first sync loaded it (none), that count scanned the whole table in
        // parallel for every page of deposits: ~190 ms a page at 300,000 transactions, 4 s of the
        // server's CPU in a full sync, growing with the table.
        onTransactionsWritten: async (rows) => {
          if (rows >= STATISTICS_AFTER_ROWS) await this.refreshStatistics(runId, ['transactions']);
        },
      });
      status = outcome.cancelled ? 'cancelled' : 'succeeded';
      const { counts } = outcome;
      rowsWritten =
        counts.transactionsInserted +
        counts.transactionsUpdated +
        counts.changesRecorded +
        counts.batchesSynced +
        counts.glBatchesSynced;
      if (outcome.counts.transactionsInserted + outcome.counts.transactionsUpdated) scopes.add('transactions');
      if (outcome.counts.changesRecorded) scopes.add('changes');
      if (outcome.counts.batchesSynced) scopes.add('batches');
      if (outcome.counts.glBatchesSynced) scopes.add('glBatches');
      scopes.add('glAccounts');
    } catch (error) {
      message = toContractError(error).message;
      ctx.logger.error('sync failed', { runId, error: redact(error instanceof Error ? error.message : String(error)) });
      scopes.add('transactions');
    } finally {
      await pages.close();
    }
    // Before the checks, which read what the run wrote: planned for the tables as they now are.
    if (rowsWritten >= STATISTICS_AFTER_ROWS) await this.refreshStatistics(runId);
    // Pages committed before a failure or a cancel count too: their batches are checked either way.
    await ctx.afterRun.settle({
      runId,
      touchedBatches,
      scopes,
      report: (message) => {
        current.progress = {
          runId,
          phase: 'checks',
          pages: current.progress?.pages ?? 0,
          rows: current.progress?.rows ?? 0,
          fraction: 1,
          etaSeconds: null,
          message,
        };
        ctx.events.emit('sync.progress', current.progress);
      },
    });
    await finishRun(writer, runId, status, toIsoUtc(ctx.clock.now()), message);
    if (status === 'succeeded' && ctx.store.backupFolder) {
      try {
        await backupStore(writer, ctx.store.backupFolder, ctx.clock.now());
      } catch (error) {
        ctx.logger.warn('automatic backup failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
    const summary = await getRun(writer, runId);
    // Free before this server says it is idle, so its next run is not refused as another's.
    await current.lease?.release();
    this.current = null;
    // Before the run is reported finished: the first views after it find what they read built.
    await ctx.afterRun.announce([...scopes]);
    ctx.events.emit('sync.finished', summary);
    return summary;
  }
  /** After a large run the planner is told what the tables now hold (store/statistics.ts). */
  private async refreshStatistics(runId: number, tables?: readonly SyncedTable[]): Promise<void> {
    try {
      await refreshPlannerStatistics(this.ctx.store.writer, tables);
    } catch (error) {
      this.ctx.logger.warn('refreshing the query planner statistics after sync failed', {
        runId,
        error: redact(error instanceof Error ? error.message : String(error)),
      });
    }
  }
}
