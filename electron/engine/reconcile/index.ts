/**
 * Tie-out (DESIGN.md §6): per-batch checks with verdicts, sign-off, unsign and re-open, the change
 * feed and the Overview. Whatever changes data calls refreshBatchChecks() with the batches it touched
 * (it also re-opens changed signed-off batches); reads only read.
 */
export { computeBatchChecks, type BatchCheckResult, type LocalTotals } from './checks';
export {
  refreshBatchChecks,
  reopenChangedBatches,
  ensureChecksFresh,
  type RefreshOptions,
  type RefreshResult,
} from './refresh';
export { listBatches, getBatchDetail, signOffBatch, unsignBatch } from './batches';
export { signOffEach } from './bulkSignOff';
export { prepareBatch } from './preparation';
export { daySummary } from '../store/checks';
export { listChanges, acknowledgeChanges, changeGroups, type UnacknowledgedCount } from './changes';
export { getOverview, overviewSummary } from './overview';
