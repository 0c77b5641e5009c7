/**
 * Tie-out (DESIGN.md §6): per-batch checks with verdicts, the day x payee x method summary, sign-off,
 * unsign and re-open, the change feed and the Overview. The sync calls refreshBatchChecks() at the end
 * of each run with the batches it touched (it also re-opens changed signed-off batches).
 */
export { computeBatchChecks, type BatchCheckResult, type LocalTotals } from './checks';
export {
  refreshBatchChecks,
  reopenChangedBatches,
  ensureChecksFresh,
  type RefreshOptions,
  type RefreshResult,
  type StoreLike,
} from './refresh';
export { listBatches, getBatchDetail, signOffBatch, unsignBatch } from './batches';
export { daySummary } from './daySummary';
export { listChanges, acknowledgeChanges } from './changes';
export { getOverview, nextScheduledRun } from './overview';
export { reviewStateOf } from './reviewState';
