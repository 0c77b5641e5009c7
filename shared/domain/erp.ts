/** Escape Online's journal entry types, as its import reads them (docs/erp-layouts.md). */
export const ESCAPE_JE_TYPES = [
  'County',
  'General',
  'BudOrig',
  'BudRev',
  'Encumber',
  'Expense',
  'AP',
  'CashRec',
  'Stores',
  'Accrual',
  'Payroll',
] as const;
export type EscapeJeType = (typeof ESCAPE_JE_TYPES)[number];
