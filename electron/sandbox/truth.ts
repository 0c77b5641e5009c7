/** What the service knows now, in shared/domain types (integer cents, batch ids as text). */
import type { Batch, GlAccount, GlBatch, Payee, Transaction } from '../../shared/domain/service';
import { businessDateOf, Temporal } from '../../shared/time';
import { secToMs, type SandboxState, type TxnRecord } from './state';

export interface SandboxTruth {
  payees: Payee[];
  glAccounts: GlAccount[];
  transactions: Transaction[];
  batches: Batch[];
  glBatches: GlBatch[];
}

export function transactionTruth(txn: TxnRecord): Transaction {
  return {
    id: txn.id,
    orderId: txn.orderId,
    payeeId: txn.payeeId,
    paymentMethod: txn.method,
    status: txn.status,
    statusMessage: txn.statusMessage,
    amountCents: txn.amount,
    amountRefundedCents: txn.refunded,
    convenienceFeeCents: txn.fee,
    taxCents: txn.tax,
    shippingCents: txn.shipping,
    batchId: txn.batchId,
    data: txn.data,
    payerName: txn.payer?.name ?? null,
    glAccountId: txn.glAccountId,
    // The Central date of the creation instant: the day window of GET /txns?after=&before= that returns it.
    businessDate: businessDateOf(Temporal.Instant.fromEpochMilliseconds(secToMs(txn.created))),
  };
}

export function truthOf(state: SandboxState): SandboxTruth {
  const glById = new Map(state.glAccounts.map((a) => [a.id, a]));
  // businessDateOf is costly per call; consecutive transactions mostly share a day.
  let dayStart = Number.POSITIVE_INFINITY;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let day = '';
  const transactions = state.transactions.map((txn) => {
    const ms = secToMs(txn.created);
    if (ms < dayStart || ms >= dayEnd) {
      const zoned = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO('America/Chicago');
      day = zoned.toPlainDate().toString();
      dayStart = zoned.startOfDay().epochMilliseconds;
      dayEnd = zoned.toPlainDate().add({ days: 1 }).toZonedDateTime('America/Chicago').epochMilliseconds;
    }
    return { ...transactionTruth(txn), businessDate: day };
  });
  return {
    payees: state.payees.map((p) => ({ id: p.id, name: p.name, merchantId: p.merchantId, removed: p.removed })),
    glAccounts: state.glAccounts.map((a) => ({ id: a.id, number: a.number, label: a.label, removed: a.removed })),
    transactions,
    batches: state.batches.map((b) => ({
      id: b.id,
      payeeId: b.payeeId,
      date: b.date,
      paymentMethod: b.method,
      totalCents: b.total,
      feesCents: b.fees,
      partialCents: b.partial,
      totalCount: b.count,
    })),
    glBatches: state.glGroups.flatMap((g) =>
      [g.base, ...g.extras].map((row) => {
        const account = row.glAccountId === null ? undefined : glById.get(row.glAccountId);
        return {
          glBatchId: row.glBatchIdentifier,
          date: row.date,
          batchId: row.batchId,
          payeeId: row.payeeId,
          glAccountId: row.glAccountId,
          glNumber: account?.number ?? null,
          glLabel: account?.label ?? null,
          amountCents: row.amount,
          amountWithoutFeesCents: row.amountWithoutFees,
          count: row.count,
        };
      }),
    ),
  };
}
