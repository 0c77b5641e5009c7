/**
 * createEngine(): the local service engine behind the contract. Only the three hosts (main/, cli/,
 * web/) construct one, and they see only the facade below: the contract, its events, the sync and
 * the schedule, and where the store lives. Each domain contributes its handlers; the mapped type
 * EngineHandlers makes a missing method a compile error.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import {
  ContractError,
  isMethodName,
  METHOD_CHANGES,
  parseCall,
  roleRefusal,
  type EngineHandlers,
  type EngineEvents,
  type EventName,
  type MethodName,
  type MethodResult,
  type SyncRunSummary,
} from '../../shared/contract';
import type { RoleHolder } from '../../shared/contractRoles';
import { systemClock, toIsoUtc } from '../../shared/time';
import type { EngineContext, EngineOptions } from './context';
import { memoryCredentialStore } from './credentials';
import { EngineEventBus } from './events';
import { ReadCache } from './readCache';
import { relayDataChanges } from './dataRelay';
import { createConsoleLogger } from './logger';
import { settleInterruptedWrites } from './act';
import { recoverInterruptedExports } from './export/recovery';
import { finishUnmatchedImports } from './bank/finishImports';
import { ensureChecksFresh } from './reconcile';
import { damagedDatabaseError, openStore, openStoreForReading, type Store } from './store/dialect';
import { openPostgresEngineStore } from './store/dialect';
import type { ClientTuning } from './sync/connection';
import { startScheduler, type Scheduler, type SchedulerOptions } from './sync/schedule';
import { SyncService, type StartOptions } from './sync/service';
import { createAccountMapHandlers } from './handlers/accountMaps';
import { serviceConnector } from './sync/connection';
import { settingsReader } from './settings';
import { afterSync } from './afterSync';
import { prepareFirstViews, warmFirstViews } from './cachedReads';
import { createAppHandlers } from './handlers/app';
import { createBankHandlers } from './handlers/bank';
import { createBatchHandlers } from './handlers/batches';
import { createChangeHandlers } from './handlers/changes';
import { createConnectionHandlers } from './handlers/connection';
import { createExportHandlers } from './handlers/export';
import { createGlAccountHandlers } from './handlers/glAccounts';
import { createGlBatchHandlers } from './handlers/glBatches';
import { createOverviewHandlers } from './handlers/overview';
import { createPayeeHandlers } from './handlers/payees';
import { createReconcileHandlers } from './handlers/reconcile';
import { createSettingsHandlers } from './handlers/settings';
import { createSyncHandlers } from './handlers/sync';
import { createTransactionHandlers } from './handlers/transactions';
import { actDeps, createIntentHandlers, createPaymentHandlers } from './handlers/payments';
import { createMonthHandlers } from './handlers/month';
import { createSlipHandlers } from './handlers/slips';
import { createMonthPacketHandlers, monthPackets } from './handlers/monthPacket';
import { runAs } from './team/actor';
import { createTeamService, type TeamService } from './team';

/** What a host may do with a running engine. */
export interface Engine {
  /**
   * Validates the raw args with the contract's schema, then runs the handler. The answer is the
   * caller's own, as over IPC or HTTP: a view shared between callers (readCache.ts) is copied.
   */
  call<M extends MethodName>(method: M, args?: unknown): Promise<MethodResult<M>>;
  /**
   * Same, for transports that receive an untrusted method name. They serialise the answer, so a
   * shared view comes as it is: frozen, never to be changed.
   */
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
  onAny(listener: <E extends EventName>(event: E, payload: EngineEvents[E]) => void): () => void;
  sync: {
    /** Resolves once the run has started; `finished` resolves with its summary. */
    start(options: StartOptions): Promise<{
      runId: number;
      alreadyRunning: boolean;
      finished: Promise<SyncRunSummary | null>;
    }>;
    cancel(): boolean;
    readonly running: boolean;
    /** Hosts (CLI, tests, bench) may tune the service client: retries, timeouts, sleep. */
    tune(tuning: ClientTuning): void;
  };
  schedule: {
    /** Starts the nightly schedule (once per engine); it stops when the engine closes. */
    start(options?: SchedulerOptions): Promise<Scheduler>;
  };
  store: { readonly path: string };
  close(): Promise<void>;
  /**
   * A call made by someone, who is then the acting user of whatever it writes. Team mode gives the
   * signed-in user and their role, and the engine refuses (FORBIDDEN) a method the role may not
   * call, in the words the web host uses. A bare name is the owner of the file (the desktop, the
   * CLI, tests): admin of their own books, as `call` is.
   */
  callAs(caller: string | RoleHolder, method: unknown, args: unknown): Promise<unknown>;
  /** Team mode: users, sessions and idempotency keys (DESIGN.md §11). */
  team: TeamService;
}

/** For tests and benchmarks only (lint keeps it from the hosts): the engine with its parts exposed. */
export interface EngineWithInternals extends Engine {
  readonly internals: EngineContext;
}

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { internals: _internals, ...engine } = await createEngineWithInternals(options);
  return engine;
}

export async function createEngineWithInternals(options: EngineOptions): Promise<EngineWithInternals> {
  const databasePath = options.databasePath ?? join(options.dataFolder, 'district-recon.sqlite');
  const create = options.createDatabase ?? true;
  if (!options.store && !options.databaseUrl && create && databasePath !== ':memory:')
    mkdirSync(options.dataFolder, { recursive: true });
  const store = options.store ?? (await openConfiguredStore(options, databasePath, create));
  const closers: Array<() => Promise<void> | void> = [];
  const events = new EngineEventBus();
  const credentials = options.credentials ?? memoryCredentialStore();
  const logger = options.logger ?? createConsoleLogger();
  const clock = options.clock ?? systemClock;
  const settings = settingsReader({ reader: store.reader, credentials, sandboxByDefault: options.sandboxByDefault });
  const connectService = serviceConnector({ settings, credentials, options, logger });
  const onClose = (close: () => Promise<void> | void) => void closers.push(close);
  const readCache = new ReadCache(events);
  const sync = new SyncService({
    store,
    clock,
    logger,
    events,
    settings,
    connectService,
    sharedServer: options.sharedServer === true,
    afterRun: afterSync({
      store,
      clock,
      logger,
      events,
      settings,
      prepareFirstViews: () => prepareFirstViews({ store, clock, readCache, settings, logger }),
    }),
    onClose,
  });
  const context: EngineContext = {
    options,
    store,
    clock,
    events,
    readCache,
    credentials,
    settings,
    connectService,
    logger,
    sync,
    onClose,
  };
  if (store.announcements) closers.push(await relayDataChanges({ events, logger }, store.announcements));
  if (!options.readOnly) {
    // Checks a store written by an older version, or left by a run killed before its checks, lacks.
    await ensureChecksFresh(store.writer, toIsoUtc(context.clock.now()), options.onOpenProgress);
    await recoverInterruptedExports(store.writer);
    await finishUnmatchedImports(context);
    const interruptedWrites = settleInterruptedWrites(actDeps(context));
    closers.push(() => interruptedWrites);
  }
  // A district server's users open the same views first; they find them built, not the first of them
  // after a restart (cachedReads.ts warmFirstViews). Awaited: the server listens once they are.
  if (options.sharedServer) await warmFirstViews({ store, clock, readCache, settings, logger });

  const handlers: EngineHandlers = {
    ...createAppHandlers(context),
    ...createSettingsHandlers(context),
    ...createConnectionHandlers(context),
    ...createSyncHandlers(context),
    ...createOverviewHandlers(context),
    ...createPayeeHandlers(context),
    ...createGlAccountHandlers(context),
    ...createTransactionHandlers(context),
    ...createBatchHandlers(context),
    ...createGlBatchHandlers(context),
    ...createChangeHandlers(context),
    ...createReconcileHandlers(context),
    ...createExportHandlers(context),
    ...createBankHandlers(context),
    ...createAccountMapHandlers(context),
    ...createPaymentHandlers(context),
    ...createIntentHandlers(context),
    // A close stores the auditor's packet and its hash; a re-open marks it superseded (close/packet).
    ...createMonthHandlers(context, monthPackets(context)),
    ...createSlipHandlers(context),
    ...createMonthPacketHandlers(context),
  };
  const callUnknown = async (method: unknown, args: unknown): Promise<unknown> => {
    const call = parseCall(method, args);
    const handler = handlers[call.method] as (args: unknown) => Promise<unknown>;
    try {
      const result = await handler(call.args);
      // The method table says what a successful write changes (shared/contract/table.ts).
      const { scopes, toldBy } = METHOD_CHANGES[call.method];
      if (toldBy === 'engine' && scopes.length) context.events.emit('data.changed', { scopes: [...scopes] });
      return result;
    } catch (thrown) {
      // A damaged file is told in the bookkeeper's words, not logged as a failure of ours.
      const damaged = damagedDatabaseError(thrown, store.path);
      const error = damaged ? new ContractError('STORE', damaged.message) : thrown;
      if (!(error instanceof ContractError)) {
        context.logger.error(`${call.method} failed`, {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  };

  return {
    internals: context,
    call: async (method, args) => {
      const result = await callUnknown(method, args);
      return (Object.isFrozen(result) ? structuredClone(result) : result) as MethodResult<typeof method>;
    },
    callUnknown,
    on: (event, listener) => context.events.on(event, listener),
    onAny: (listener) => context.events.onAny(listener),
    sync: {
      start: (startOptions) => context.sync.start(startOptions),
      cancel: () => context.sync.cancel(),
      get running() {
        return context.sync.running;
      },
      tune: (tuning) => {
        context.sync.clientTuning = tuning;
      },
    },
    schedule: { start: (scheduleOptions) => startScheduler(context, context.sync, scheduleOptions) },
    store: { path: store.path },
    async close() {
      for (const close of closers.reverse()) await close();
      await store.close();
    },
    callAs: (caller, method, args) => {
      if (typeof caller === 'string') return runAs(caller, () => callUnknown(method, args));
      const refusal = isMethodName(method) ? roleRefusal(caller, method) : null;
      if (refusal) return Promise.reject(new ContractError('FORBIDDEN', refusal));
      return runAs(caller.name, () => callUnknown(method, args));
    },
    team: createTeamService(context),
  };
}

function openConfiguredStore(options: EngineOptions, databasePath: string, create: boolean): Promise<Store> {
  if (options.databaseUrl)
    return openPostgresEngineStore(options.databaseUrl, { create, maxConnections: options.databaseConnections });
  return options.readOnly ? openStoreForReading(databasePath) : openStore(databasePath, { create });
}
