/** Store rows to the contract's domain shapes (the store keeps cents and batch ids as text already). */
import type { Batch, BatchSummary, GlBatch, ReviewState, SignOff, Verdict } from '../../../../shared/domain';
import { checksRevision } from '../reviews/reviews';
import type { BatchReviewRow, BatchRow, GlBatchRow } from '../schema';

export function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    payeeId: row.payee_id,
    date: row.date,
    paymentMethod: row.payment_method,
    totalCents: row.total_cents,
    feesCents: row.fees_cents,
    partialCents: row.partial_cents,
    totalCount: row.total_count,
  };
}

export { toChange, toTransaction } from '../transactions/transactionQueries';

export function toGlBatch(row: GlBatchRow): GlBatch {
  return {
    glBatchId: row.gl_batch_id,
    date: row.date,
    batchId: row.batch_id,
    payeeId: row.payee_id,
    glAccountId: row.gl_account_id,
    glNumber: row.gl_number,
    glLabel: row.gl_label,
    amountCents: row.amount_cents,
    amountWithoutFeesCents: row.amount_without_fees_cents,
    count: row.count,
  };
}

export function toSignOff(row: BatchReviewRow): SignOff {
  return {
    id: row.id,
    batchId: row.batch_id,
    action: row.action as SignOff['action'],
    by: row.by,
    at: row.at,
    note: row.note,
    totalCents: row.total_cents,
    feesCents: row.fees_cents,
    partialCents: row.partial_cents,
    totalCount: row.total_count,
  };
}

/** The review state is the last review action: signed off, re-opened, or open (never signed, or unsigned). */
export function reviewStateOf(latest: Pick<BatchReviewRow, 'action'> | undefined): ReviewState {
  if (!latest) return 'open';
  if (latest.action === 'sign_off') return 'signed_off';
  if (latest.action === 'reopen') return 'reopened';
  return 'open';
}

/** What a list row holds beside the batch: its school's name and its stored checks' verdict and fingerprint. */
export interface BatchListFacts {
  payee_name: string | null;
  verdict: Verdict | null;
  difference_cents: number | null;
  fingerprint: string | null;
}

export function summaryOf(row: BatchRow & BatchListFacts, latest: BatchReviewRow | undefined): BatchSummary {
  const reviewState = reviewStateOf(latest);
  return {
    ...toBatch(row),
    payeeName: row.payee_name,
    verdict: row.verdict ?? 'incomplete',
    differenceCents: row.difference_cents ?? 0,
    reviewState,
    reopenReason: reviewState === 'reopened' ? (latest?.note ?? null) : null,
    revision: row.fingerprint === null ? null : checksRevision(row.fingerprint),
  };
}
