/**
 * Sync runs and cursors, a sync step's commit, the database status.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { databaseStatus } from './status';
export { commitSyncStep } from './syncCommit';
export type { SyncStep, SyncStepResult } from './syncCommit';
export {
  startRun,
  addRunCountsWork,
  finishRun,
  runSummary,
  listRuns,
  getRun,
  lastSuccessStartedAt,
  lastSuccessAt,
  getCursor,
  setCursorWork,
  deleteCursorWork,
  setCursor,
  deleteCursor,
  allCursors,
} from './syncState';
export type { RunTrigger, RunCounts } from './syncState';
