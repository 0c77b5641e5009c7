/**
 * createEngine(): the local service engine behind the contract. Only the three hosts (main/, cli/,
 * web/) construct one. Each domain contributes its handlers; the mapped type EngineHandlers makes a
 * missing method a compile error.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import {
  ContractError,
  parseCall,
  type EngineHandlers,
  type EngineEvents,
  type EventName,
  type MethodName,
  type MethodResult,
} from '../../shared/contract';
import { systemClock } from '../../shared/time';
import type { EngineContext, EngineOptions } from './context';
import { memoryCredentialStore } from './credentials';
import { EngineEventBus } from './events';
import { createConsoleLogger } from './logger';
import { openStore } from './store/open';
import { createAppHandlers } from './handlers/app';
import { createSettingsHandlers } from './handlers/settings';
import { createSyncHandlers } from './handlers/sync';
import { createReconcileHandlers } from './handlers/reconcile';
import { createTransactionSeekHandlers } from './handlers/transactionSeek';

export interface Engine {
  /** Validates the raw args with the contract's schema, then runs the handler. */
  call<M extends MethodName>(method: M, args?: unknown): Promise<MethodResult<M>>;
  /** Same, for transports that receive an untrusted method name. */
  callUnknown(method: unknown, args: unknown): Promise<unknown>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
  onAny(listener: <E extends EventName>(event: E, payload: EngineEvents[E]) => void): () => void;
  context: EngineContext;
  close(): Promise<void>;
}

export async function createEngine(options: EngineOptions): Promise<Engine> {
  const databasePath = options.databasePath ?? join(options.dataFolder, 'district-recon.sqlite');
  if (databasePath !== ':memory:') mkdirSync(options.dataFolder, { recursive: true });
  const store = await openStore(databasePath);
  const closers: Array<() => Promise<void> | void> = [];
  const context: EngineContext = {
    options,
    store,
    clock: options.clock ?? systemClock,
    events: new EngineEventBus(),
    credentials: options.credentials ?? memoryCredentialStore(),
    logger: options.logger ?? createConsoleLogger(),
    onClose: (close) => closers.push(close),
  };
  const handlers: EngineHandlers = {
    ...createAppHandlers(context),
    ...createSettingsHandlers(context),
    ...createSyncHandlers(context),
    ...createReconcileHandlers(context),
    ...createTransactionSeekHandlers(context),
  };
  const callUnknown = async (method: unknown, args: unknown): Promise<unknown> => {
    const call = parseCall(method, args);
    const handler = handlers[call.method] as (args: unknown) => Promise<unknown>;
    try {
      return await handler(call.args);
    } catch (error) {
      if (!(error instanceof ContractError)) {
        context.logger.error(`${call.method} failed`, {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  };

  return {
    call: (method, args) => callUnknown(method, args) as Promise<MethodResult<typeof method>>,
    callUnknown,
    on: (event, listener) => context.events.on(event, listener),
    onAny: (listener) => context.events.onAny(listener),
    context,
    async close() {
      for (const close of closers.reverse()) await close();
      await store.close();
    },
  };
}
