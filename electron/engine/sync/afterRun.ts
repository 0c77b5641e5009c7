/**
 * What a sync run asks of the step that follows it (engine/afterSync.ts: tie-out checks, re-opening,
 * bank matching, notifications). Declared here, implemented above: sync/ calls it where a run ends
 * without importing reconcile/ or bank/, so the data flows one way (DESIGN.md §2).
 */
import type { DataScope } from '../../../shared/contract';

export interface EndedRun {
  runId: number;
  /** The deposits the run wrote (their row, transactions or GL lines), committed pages only. */
  touchedBatches: ReadonlySet<string>;
  /** What the run changed so far; the step adds what it changes. */
  scopes: Set<DataScope>;
  /** Says in the run's progress line what the step is doing. */
  report(message: string): void;
}

export interface AfterRun {
  /** While the run still leads the sync: whatever the run's rows make stale is brought up to date. */
  settle(run: EndedRun): Promise<void>;
  /**
   * Once the run is recorded and over: tells the hosts what changed, then builds what the first
   * views after a sync read (issue 31: no slow first view), before the run is reported finished.
   */
  announce(scopes: readonly DataScope[]): Promise<void>;
}
