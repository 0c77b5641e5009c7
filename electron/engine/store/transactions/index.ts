/**
 * Transactions and their items, the change feed, payees and GL accounts.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export {
  listChangeRows,
  unacknowledgedByKind,
  newestUnacknowledgedTransactions,
  countUnacknowledged,
  acknowledgeChangeRows,
  batchChangesSince,
  latestBatchChanges,
} from './changes';
export type { ChangeRowQuery, ListedChangeRow, AcknowledgeTarget } from './changes';
export { transactionsOutsideInputRule } from './outsideRule';
export type { OutsideRuleRow } from './outsideRule';
export { replacePayeesWork, replaceGlAccountsWork, replaceGlAccounts, listPayees, listGlAccounts } from './reference';
export { lacksDetails, storeDetails, storeDetailsOf, transactionsWithoutDetails } from './transactionDetails';
export type { FetchedDetails } from './transactionDetails';
export { storedDigestsFrom } from './transactionDigests';
export { unpackDigests, type PackedDigests } from './digestPairs';
export {
  VIEWED_TRANSACTION_COLUMNS,
  isFullText,
  baseWhere,
  whereOf,
  encodeCursor,
  splitOf,
  splitClauses,
  listTransactions,
  countTransactions,
  getTransaction,
  toTransaction,
  toChange,
} from './transactionQueries';
export type { ViewedTransactionRow } from './transactionQueries';
export { seekTransactions } from './transactionSeek';
export { writeTransactionPageWork, isRoutineFirstSighting } from './transactionWriter';
export type { PageRow, PageResult } from './transactionWriter';
