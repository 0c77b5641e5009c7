/**
 * Deposits (batches): sync writes, lists, the morning screen, row mappers.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export {
  batchExists,
  countBatchTransactions,
  transactionsOfNewBatches,
  upsertBatchesWork,
  upsertBatchWork,
} from './batchSync';
export {
  listedBatches,
  listBatchRows,
  listedBatchRow,
  getBatchRow,
  batchDetailRows,
  batchesInReviewState,
  dailyDepositTotals,
} from './batches';
export type { ListedBatchRow, BatchDetailRows } from './batches';
export type { BatchListFacts } from './rowMappers';
export { depositTotals, depositsIn, unacknowledgedReversals, bankLinesToSettle } from './morning';
export type { DepositState, DepositTotalsRow } from './morning';
export { toBatch, toChange, toTransaction, toGlBatch, toSignOff, reviewStateOf, summaryOf } from './rowMappers';
