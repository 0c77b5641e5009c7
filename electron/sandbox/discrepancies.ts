/**
 * Discrepancy injection for tie-out tests: each kind breaks exactly one thing, described here, so a
 * test can assert the check that should fail and the difference in cents it should name.
 */
import { applyRefund } from './processor';
import { findTransaction, type SandboxState } from './state';

export type Discrepancy =
  /** GET /txns?batch= leaves the transaction out. The batch's totals and GL rows are unchanged, and the
   *  transaction itself still says `batch` = that batch (GET /txns/:id, the day windows). Batch check:
   *  count short by 1, total short by its amount, fees short by its fee. */
  | { kind: 'hide_transaction_from_batch'; transactionId: number }
  /** Refunds a Settled, batched transaction now (default: the whole remainder): amount_refunded rises
   *  (status Refunded if full). The batch and its GL rows keep the authorisation amounts: they still tie
   *  to the transactions' `amount`; the refund shows only in amount_refunded. */
  | { kind: 'refund_after_batching'; transactionId: number; cents?: number }
  /** Rewrites a formed batch's reported figures (partial_amount follows total - fees unless given).
   *  Transactions and GL rows unchanged: the batch no longer ties to either. */
  | {
      kind: 'alter_batch_totals';
      batchId: string;
      totalCents?: number;
      feesCents?: number;
      partialCents?: number;
      count?: number;
    }
  /** Removes one GL row (base or fee/tax/shipping row) by gl_batch_identifier: GL sums for that batch fall
   *  short of total_amount by its amount (and of partial_amount by its amount_without_fees). Removing a
   *  base row also removes its extra rows. */
  | { kind: 'drop_gl_row'; glBatchId: string }
  /** Changes a GL row's amount and/or amount_without_fees: the GL sums of its batch move by the difference. */
  | { kind: 'alter_gl_row'; glBatchId: string; amountCents?: number; amountWithoutFeesCents?: number }
  /** Changes a transaction's amount after the fact (an anomaly): its batch and GL rows keep the old sum. */
  | { kind: 'change_transaction_amount'; transactionId: number; cents: number }
  /** Settled -> Voided, the transition the spec contradicts itself on. Batch and GL rows unchanged. */
  | { kind: 'void_after_settlement'; transactionId: number }
  /** Every later refund or void of the transaction fails with 400 TXN_ERROR. */
  | { kind: 'fail_reversals'; transactionId: number };

export class DiscrepancyError extends Error {
  override readonly name = 'DiscrepancyError';
}

export function injectDiscrepancy(state: SandboxState, d: Discrepancy): void {
  const txnOf = (id: number) => {
    const txn = findTransaction(state, id);
    if (!txn) throw new DiscrepancyError(`${d.kind}: no transaction ${id}`);
    return txn;
  };
  switch (d.kind) {
    case 'hide_transaction_from_batch': {
      const txn = txnOf(d.transactionId);
      if (txn.batchId === null) throw new DiscrepancyError(`${d.kind}: transaction ${txn.id} is in no batch yet`);
      state.hiddenFromBatch.add(txn.id);
      return;
    }
    case 'refund_after_batching': {
      const txn = txnOf(d.transactionId);
      if (txn.batchId === null || txn.status !== 'Settled') {
        throw new DiscrepancyError(
          `${d.kind}: transaction ${txn.id} must be Settled and batched (it is ${txn.status}, batch ${txn.batchId})`,
        );
      }
      const remaining = txn.amount - txn.refunded;
      const cents = d.cents ?? remaining;
      if (cents <= 0 || cents > remaining)
        throw new DiscrepancyError(`${d.kind}: ${cents} cents is not within the ${remaining} not yet refunded`);
      applyRefund(txn, cents);
      return;
    }
    case 'alter_batch_totals': {
      const batch = state.batchById.get(d.batchId);
      if (!batch) throw new DiscrepancyError(`${d.kind}: no batch ${d.batchId}`);
      if (d.totalCents !== undefined) batch.total = d.totalCents;
      if (d.feesCents !== undefined) batch.fees = d.feesCents;
      batch.partial = d.partialCents ?? batch.total - batch.fees;
      if (d.count !== undefined) batch.count = d.count;
      return;
    }
    case 'drop_gl_row': {
      const index = state.glGroups.findIndex((g) => g.base.glBatchIdentifier === d.glBatchId);
      if (index >= 0) {
        state.glGroups.splice(index, 1);
        return;
      }
      for (const group of state.glGroups) {
        const extra = group.extras.findIndex((row) => row.glBatchIdentifier === d.glBatchId);
        if (extra >= 0) {
          group.extras.splice(extra, 1);
          return;
        }
      }
      throw new DiscrepancyError(`${d.kind}: no GL row ${d.glBatchId}`);
    }
    case 'alter_gl_row': {
      const row = state.glGroups.flatMap((g) => [g.base, ...g.extras]).find((r) => r.glBatchIdentifier === d.glBatchId);
      if (!row) throw new DiscrepancyError(`${d.kind}: no GL row ${d.glBatchId}`);
      if (d.amountCents !== undefined) row.amount = d.amountCents;
      if (d.amountWithoutFeesCents !== undefined) row.amountWithoutFees = d.amountWithoutFeesCents;
      return;
    }
    case 'change_transaction_amount':
      txnOf(d.transactionId).amount = d.cents;
      return;
    case 'void_after_settlement': {
      const txn = txnOf(d.transactionId);
      if (txn.status !== 'Settled')
        throw new DiscrepancyError(`${d.kind}: transaction ${txn.id} is ${txn.status}, not Settled`);
      txn.status = 'Voided';
      txn.statusMessage = 'Voided after settlement';
      return;
    }
    case 'fail_reversals':
      txnOf(d.transactionId);
      state.failingReversals.add(d.transactionId);
      return;
  }
}
