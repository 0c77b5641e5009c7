/**
 * What the engine's parts may ask of its one sync service (sync/service.ts implements it). Declared
 * apart from the service so that EngineContext names it without importing sync/, which imports the
 * context: no import circle.
 */
import type { SyncRunSummary, SyncStatus } from '../../shared/contract';
import type { BusinessDate } from '../../shared/time';
import type { ServiceClientOptions } from './api/client';
import type { RunTrigger } from './store/syncState';
import type { SyncLimits } from './sync/limits';

/** Hosts (tests, bench) may tune the client: retries, timeouts, sleep. */
export type ClientTuning = Omit<ServiceClientOptions, 'baseUrl' | 'token' | 'secret'>;

export interface StartOptions {
  trigger: RunTrigger;
  from?: BusinessDate;
  /** CLI `--url`: this address instead of the settings' one. */
  url?: string;
}

export interface SyncControl {
  clientTuning: ClientTuning;
  /** Bounds on what the service can make a run do (sync/limits.ts); a district beyond them raises them. */
  limits: Partial<SyncLimits>;
  /** Told the next scheduled run, for sync.status. */
  nextRunAt: () => string | null;
  readonly running: boolean;
  /** Resolves when the run has started (the connection is known); the run goes on in the background. */
  start(options: StartOptions): Promise<{
    runId: number;
    alreadyRunning: boolean;
    finished: Promise<SyncRunSummary | null>;
  }>;
  cancel(): boolean;
  status(): Promise<SyncStatus>;
}
