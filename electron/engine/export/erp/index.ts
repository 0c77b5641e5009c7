/**
 * ERP import layouts (DESIGN.md §7, docs/erp-layouts.md): balanced journal entries, deposits and
 * reversals alike, written as ASCENDER cash receipts, Escape Online journal entries, QuickBooks Desktop
 * IIF or the generic JE CSV, each checked against its vendor's documented rules before anything is
 * written.
 */
export {
  depositEntry,
  reversalEntry,
  entryProblem,
  type ErpEntry,
  type ErpEntryKind,
  type ErpLine,
  type ReversalEntryInput,
} from './entries';
export { ERP_LAYOUTS, type ErpLayout, type LayoutSpec } from './layout';
export { LayoutRuleError } from './fit';
export {
  ERP_FILE_EXTENSIONS,
  layoutSpec,
  validateErpEntries,
  writeErpLayout,
  type ErpLayoutOptions,
  type ErpValidation,
  type ErpWriteResult,
} from './write';
export { ASCENDER_TITLE, MAX_RECEIPT, receiptNumber, type AscenderOptions, type AscenderReceipt } from './ascender';
export {
  DEFAULT_ESCAPE_JE_TYPE,
  ESCAPE_BUSINESS_DEPT,
  ESCAPE_JE_TYPES,
  escapeBatchId,
  escapeFileName,
  fiscalYearOf,
  type EscapeJeType,
  type EscapeOptions,
} from './escape';
export { IIF_TITLE, missingIifNames, type IifOptions } from './iif';
