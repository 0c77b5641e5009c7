/**
 * The bank side: statements, lines, matches, decisions, mappings.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { confirmMatchGuarded, unmatchGuarded, explainGuarded, unexplainGuarded } from './bankDecisions';
export type {
  LineState,
  DepositState,
  ReturnState,
  ConfirmRequest,
  ConfirmState,
  ConfirmStep,
  ExplainState,
} from './bankDecisions';
export {
  insertExplanation,
  explanationById,
  liveExplanationOfLine,
  liveExplanationOfBatch,
  batchExplanation,
  undoExplanation,
} from './bankExplanations';
export type { NewExplanation } from './bankExplanations';
export { comparableText, identityStem, storedLinesOn, classifyLines } from './bankLineIdentity';
export type { IncomingLine, StoredLine, LineVerdict } from './bankLineIdentity';
export { liveMatch, liveExplanation } from './liveDecisions';
export { listMappingRows, getMappingJson, saveMappingJson, removeMapping } from './bankMappings';
export {
  live,
  setAside,
  openLinesPage,
  payeeMerchants,
  rejectedMatches,
  unheldBatchesQuery,
  openBatches,
  openReturns,
  heldAutoMatches,
} from './bankMatchReads';
export type {
  OpenLineRow,
  PayeeMerchantRow,
  OpenBatchRow,
  UnheldBatchRow,
  OpenReturnRow,
  RejectedMatchRow,
  HeldAutoMatchRow,
} from './bankMatchReads';
export {
  insertMatches,
  deleteSuggestions,
  suggestionFingerprint,
  undoMatch,
  markConfirmed,
  liveMatchOfLine,
  suggestionsOfLine,
  holdersOf,
  holderOfReturn,
  batchDates,
  transactionForReturn,
} from './bankMatches';
export type { NewMatch, UndoValues, ReturnTransaction } from './bankMatches';
export { runMatching } from './bankMatchingRun';
export type { DateRange, MatchingPlan, MatchingSession, MatchingResult } from './bankMatchingRun';
export {
  listLineRows,
  lineRow,
  emptyStateCounts,
  MATCH_STATES,
  lineStateCounts,
  toLineSummaries,
  lineDetail,
  batchBankSide,
  unheldBatches,
  accountSummaries,
  toMatch,
  toExplanation,
  toStatement,
} from './bankQueries';
export type { ListedLineRow, MatchState, LineDetailRows } from './bankQueries';
export type {
  BankAccountsTable,
  BankStatementsTable,
  BankLinesTable,
  BankLineSightingsTable,
  BankStatementRemovalsTable,
  BankMatchesTable,
  BankMatchedBatchesTable,
  BankExplanationsTable,
  BankCsvMappingsTable,
  BankTables,
} from './bankSchema';
export { removeStatement, decideDuplicate } from './bankStatementRemoval';
export type { StatementRemoved } from './bankStatementRemoval';
export {
  listStatementRows,
  statementById,
  firstStatementDate,
  markStatementsMatched,
  unmatchedStatementIds,
} from './bankStatementRows';
export { storeStatement, LINES_AT_ONCE } from './bankStatements';
export type { StatementLineRow, StatementAccountRow, NewStatement, StoredStatement } from './bankStatements';
