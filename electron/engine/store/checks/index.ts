/**
 * Tie-out check results, the deposits waiting for a check, the day summary.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { markBatchesToCheckWork, batchesToCheck, clearBatchesToCheck } from './batchesToCheck';
export {
  batchesByIds,
  transactionsOfBatch,
  glTotalsOfBatch,
  unbatchedLike,
  saveChecks,
  checksOf,
  batchesWithStaleChecks,
} from './checks';
export type { StoredCheckRow, BatchTransactionRow, GlTotalsRow } from './checks';
export { daySummary } from './daySummary';
