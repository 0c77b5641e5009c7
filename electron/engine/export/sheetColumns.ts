/** The columns more than one sheet of the workbook has, defined once so that they read alike on each. */
import type { Column } from './sheets';

export const SHARED_COLUMNS = {
  date: { header: 'Date', width: 12, date: true },
  batch: { header: 'Batch', width: 14 },
  transaction: { header: 'Transaction', width: 14 },
  payee: { header: 'Payee', width: 30 },
  paymentMethod: { header: 'Payment method', width: 15 },
  glNumber: { header: 'Chart of Accounts number', width: 18 },
  glLabel: { header: 'Chart of Accounts label', width: 32 },
  amount: { header: 'Amount', width: 15, money: true },
  // The service's amount_without_fees: the payments less the convenience fees the payers paid.
  amountLessFees: { header: 'Amount less fees', width: 18, money: true },
  count: { header: 'Count', width: 8, count: true },
} as const satisfies Record<string, Column>;
