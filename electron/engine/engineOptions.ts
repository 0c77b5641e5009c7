/**
 * What a host gives the engine (DESIGN.md §2): its options and where the service's credentials live.
 * Apart from context.ts, which assembles the running engine's parts, so that the parts it names
 * (settings, the service connector) can use these without reaching back into it.
 */
import type { Clock } from '../../shared/time';
import type { Logger } from './logger';
import type { Store } from './store/dialect';

export interface Credentials {
  token: string;
  secret: string;
}

/**
 * Where the token and secret live. The Electron host encrypts them with safeStorage; the CLI reads
 * them from the environment; the browser host keeps them in memory. The engine never stores them.
 */
export interface CredentialStore {
  load(): Promise<Credentials | null>;
  save(credentials: Credentials): Promise<void>;
  clear(): Promise<void>;
  /** Whether credentials are present, without decrypting them. */
  isConfigured(): Promise<boolean>;
}

export interface SandboxConnection {
  url: string;
  token: string;
  secret: string;
}

export interface EngineOptions {
  version: string;
  dataFolder: string;
  /** Defaults to `<dataFolder>/district-recon.sqlite`; `:memory:` for tests. */
  databasePath?: string;
  /**
   * A district server's PostgreSQL (postgres://…) instead of the SQLite file: team mode
   * (DESIGN.md §11). The URL's password is never shown; the store's path is the URL without it.
   */
  databaseUrl?: string;
  /**
   * With databaseUrl: connections in each of the store's two pools (writes, reads). Default 10; a
   * server sharing a connection limit with others takes fewer, and so do the tests, whose hundreds of
   * short-lived engines each paid the server a backend start for every connection they opened.
   */
  databaseConnections?: number;
  /**
   * The service to act on (refund, void, collect) instead of the saved one: the CLI's --url, as
   * `sync --url` gives it to its run. Credentials still come from the credential store.
   */
  serviceUrl?: string;
  /** false: the database must already exist (reads: status, check, export). Default true. */
  createDatabase?: boolean;
  /**
   * For a command that only reads (`status`): a SQLite file is opened on a read-only connection,
   * without the integrity check that guards writes, and the engine repairs nothing at open (no checks
   * recomputed, no interrupted export or write settled). Any write it tries is refused by SQLite.
   */
  readOnly?: boolean;
  /** An already-open store (tests that seed rows); the engine closes it with itself. */
  store?: Store;
  host: 'electron' | 'web' | 'cli' | 'direct';
  /**
   * Many people use this engine at once (`district-recon serve`): the sync's fetch thread gives way
   * to their calls (sync/backgroundPriority.ts), and the views they open first are built when it
   * opens (cachedReads.ts warmFirstViews). Elsewhere the sync has the machine to itself.
   */
  sharedServer?: boolean;
  clock?: Clock;
  credentials?: CredentialStore;
  /** Starts (once) and returns the built-in sandbox service; hosts supply it, the engine never imports the sandbox. */
  sandbox?: () => Promise<SandboxConnection>;
  /** Sandbox mode when the settings say nothing yet (a fresh install with no real service). */
  sandboxByDefault?: boolean;
  logger?: Logger;
  /**
   * Opening a store recomputes the checks it lacks (after an upgrade, or a run cut short): on a big
   * store that takes a while, so the host shows it (done and total deposits, after each slice).
   */
  onOpenProgress?(done: number, total: number): void;
}
