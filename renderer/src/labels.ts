/** Words for the engine's codes, as a bookkeeper would say them. */
import type { ExportLayout, SyncPhase } from '../../shared/contract';
import type { ChangeKind, CheckName, ExplanationKind } from '../../shared/domain';

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
  first_seen: 'New',
  settled: 'Settled',
  refunded: 'Refunded',
  voided: 'Voided',
  voided_after_settlement: 'Voided after settling',
  errored: 'Error',
  returned: 'Returned',
  declined: 'Declined',
  unknown: 'Needs attention',
  resolved: 'Resolved',
  anomaly: 'Anomaly',
};

export const CHECK_LABELS: Record<CheckName, { title: string; counts?: boolean }> = {
  count: { title: 'Transaction count', counts: true },
  total: { title: 'Total vs transactions' },
  fees: { title: 'Fees vs transactions' },
  net: { title: 'Net (total − fees)' },
  gl_total: { title: 'Total vs GL batches' },
  gl_net: { title: 'Net vs GL batches' },
};

export const EXPLANATION_LABELS: Record<ExplanationKind, string> = {
  missing: 'Missing from the batch',
  unexpected: 'In the batch but not expected',
  other_payee: "In the batch but now another school's",
  refunded_after_batching: 'Refunded after batching',
  returned_after_batching: 'Returned after batching',
  voided_after_batching: 'Voided after batching',
};

export const SYNC_PHASE_LABELS: Record<SyncPhase, string> = {
  payees: 'Payees',
  gl_accounts: 'Chart of Accounts',
  transactions: 'Transactions',
  batches: 'Deposits (batches)',
  gl_batches: 'GL batches',
  payer_details: 'Payers',
  checks: 'Tie-out checks',
  done: 'Finishing',
};

export const EXPORT_LAYOUT_LABELS: Record<ExportLayout, string> = {
  xlsx: 'Excel workbook (.xlsx)',
  'je-csv': 'Journal entry CSV',
  ascender: 'Ascender import',
  escape: 'Escape Online import (zip of daily JEs)',
  iif: 'QuickBooks Desktop (.iif)',
};

/** The layouts in menu order (typed by the contract, without pulling its zod schemas into the bundle). */
export const EXPORT_LAYOUT_OPTIONS = Object.keys(EXPORT_LAYOUT_LABELS) as ExportLayout[];
