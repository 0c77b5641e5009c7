import type { Batch, GlBatch, PaymentMethod, Transaction } from './service';
import type { BusinessDate } from '../time';

export const CHECK_NAMES = ['count', 'total', 'fees', 'net', 'gl_total', 'gl_net'] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export const VERDICTS = ['ties_out', 'differs', 'incomplete'] as const;
/** ties_out: every check passes; differs: a check fails; incomplete: GL rows or transactions not synced yet. */
export type Verdict = (typeof VERDICTS)[number];

export type ExplanationKind =
  | 'missing'
  | 'unexpected'
  /** In the batch, but the service now says it is another school's (payee's): not this deposit's money. */
  | 'other_payee'
  | 'refunded_after_batching'
  | 'returned_after_batching'
  | 'voided_after_batching';

export interface Explanation {
  kind: ExplanationKind;
  transactionId: number;
  cents: number;
}

export interface Check {
  name: CheckName;
  passed: boolean;
  /** What the service's batch says. */
  expectedCents: number;
  /** What we computed from the transactions / GL rows (a count for the count check). */
  actualCents: number;
  /** actual - expected. */
  differenceCents: number;
  explanations: Explanation[];
}

export type ReviewState = 'open' | 'signed_off' | 'reopened';

export interface SignOff {
  id: number;
  batchId: string;
  action: 'sign_off' | 'unsign' | 'reopen';
  by: string;
  at: string;
  note: string | null;
  totalCents: number;
  feesCents: number;
  partialCents: number;
  totalCount: number;
}

export interface BatchSummary extends Batch {
  payeeName: string | null;
  verdict: Verdict;
  /** How far off the deposit is: the largest |difference| in cents among its failed money checks. */
  differenceCents: number;
  reviewState: ReviewState;
  /** Why a signed-off batch was re-opened. */
  reopenReason: string | null;
  /**
   * The revision of its checks as listed (as BatchDetail.revision): a bulk sign-off sends it back, so a
   * deposit that changed after the list was read is left, even if it still ties out. null until checked.
   */
  revision: string | null;
}

/** Team mode: who marked a deposit prepared for sign-off (batches.prepare), and why. */
export interface Preparation {
  by: string;
  at: string;
  note: string | null;
}

export interface BatchDetail {
  batch: BatchSummary;
  checks: Check[];
  transactions: Transaction[];
  glBatches: GlBatch[];
  history: SignOff[];
  /** "After the deposit": the refunds, returns and settled voids of its transactions, oldest first. */
  reversals: Reversal[];
  /**
   * The revision of the checks shown; pass it to batches.signOff so a sign-off of checks that changed
   * meanwhile is refused. null until the batch's checks have been computed.
   */
  revision: string | null;
  /**
   * The latest preparation that still holds: null if there is none, or if the checks changed since
   * it was made (it must then be made again, as a sign-off with a separate approver requires).
   */
  preparation: Preparation | null;
}

export interface DaySummaryRow {
  date: BusinessDate;
  payeeId: number;
  paymentMethod: PaymentMethod;
  localCount: number;
  localCents: number;
  batchCount: number;
  batchCents: number;
  glCents: number;
  tiesOut: boolean;
}

/** Money that went back after a deposit (DESIGN.md §6): a refund, an ACH return, a settled void. */
export const REVERSAL_KINDS = ['refund', 'return', 'void'] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

export type ReversalPart = 'item' | 'fee' | 'tax' | 'shipping' | 'remainder';

/** One debit of a reversal: what an account gives back. */
export interface ReversalLine {
  /** Chart of Accounts number; null when neither the part nor its transaction has one (nothing chosen). */
  glNumber: string | null;
  glLabel: string | null;
  amountCents: number;
  part: ReversalPart;
  /** The account is the transaction's own, for lack of the part's own (docs/reversals.md). */
  fallback: boolean;
}

export interface Reversal {
  /** The transaction_changes row it comes from: its identity in the export registry. */
  changeId: number;
  transactionId: number;
  kind: ReversalKind;
  /** The Central business date the sync first saw it: the date it is posted on. */
  date: BusinessDate;
  /** The month whose journal it belongs to, YYYY-MM. */
  period: string;
  seenAt: string;
  amountCents: number;
  payeeId: number;
  payeeName: string | null;
  paymentMethod: PaymentMethod;
  batchId: string;
  batchDate: BusinessDate;
  lines: ReversalLine[];
  /** The export that posted it, when one did. */
  exportId: number | null;
  /** The first sync found it already there: before District Recon, never posted in a journal (issue 30 item 6). */
  beforeDistrictRecon?: boolean;
}
