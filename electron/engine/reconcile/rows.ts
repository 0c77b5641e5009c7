/** Store rows to the contract's domain shapes (the store keeps cents and batch ids as text already). */
import type { Batch, GlBatch, PaymentMethod, SignOff } from '../../../shared/domain';
import type { BatchReviewRow, BatchRow, GlBatchRow } from '../store/schema';

export function toBatch(row: BatchRow): Batch {
  return {
    id: row.id,
    payeeId: row.payee_id,
    date: row.date,
    paymentMethod: row.payment_method as PaymentMethod,
    totalCents: row.total_cents,
    feesCents: row.fees_cents,
    partialCents: row.partial_cents,
    totalCount: row.total_count,
  };
}

export { toChange, toTransaction } from '../store/transactionQueries';

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
