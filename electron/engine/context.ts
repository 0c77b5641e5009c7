import type { Clock } from '../../shared/time';
import type { EngineEventBus } from './events';
import type { ReadCache } from './readCache';
import type { Store } from './store/dialect';
import type { Logger } from './logger';
import type { CredentialStore, EngineOptions } from './engineOptions';
import type { SettingsReader } from './settings';
import type { ServiceConnector } from './sync/connection';
import type { SyncControl } from './syncControl';

export type { Credentials, CredentialStore, EngineOptions, SandboxConnection } from './engineOptions';

/**
 * The parts of one running engine, as engine.ts assembles them. The parts below it (sync/, bank/,
 * reconcile/, act/, export/, afterSync.ts) declare the few of these they use; a handler domain that
 * uses several takes this whole.
 */
export interface EngineContext {
  options: EngineOptions;
  store: Store;
  clock: Clock;
  events: EngineEventBus;
  /** The heaviest reads, once per revision of the data (readCache.ts). */
  readCache: ReadCache;
  credentials: CredentialStore;
  /** The settings as they are now (settings.ts). */
  settings: SettingsReader;
  /** A client of the payment service the settings (or the CLI's --url) name: sync/connection.ts. */
  connectService: ServiceConnector;
  logger: Logger;
  /** The engine's one sync service (single-flight runs). */
  sync: SyncControl;
  /** Registers work to finish before the store closes (a running sync lets its page commit). */
  onClose(close: () => Promise<void> | void): void;
}
