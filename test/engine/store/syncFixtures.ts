/** The rows the sync store's dialect tests (sync*.dialects.test.ts) write: as the service sends them. */
import type { Batch, GlBatch, ReceivedTransaction, Received, TransactionStatus } from '../../../shared/domain';
import { rawDigest } from '../../../electron/engine/api/wire';
import type { PageRow } from '../../../electron/engine/store/transactions';

export const T0 = '2026-03-03T06:00:00.000Z';
export const T1 = '2026-03-04T06:00:00.000Z';
export const T2 = '2026-03-05T06:00:00.000Z';

export const payee = (id: number, name: string) => ({
  value: { id, name, merchantId: `m${id}`, removed: false },
  raw: JSON.stringify({ id, name }),
});
export const account = (id: string, number: string, label: string) => ({
  value: { id, number, label, removed: false },
  raw: JSON.stringify({ id, number, label }),
});

export function sale(
  id: number,
  status: TransactionStatus,
  amountCents: number,
  batchId: string | null,
  items: Array<[string, number]>,
  extra: { refundedCents?: number; payerName?: string | null } = {},
): ReceivedTransaction {
  const value = {
    id,
    orderId: id * 10,
    payeeId: 1,
    paymentMethod: 'CC' as const,
    status,
    statusMessage: null,
    amountCents,
    amountRefundedCents: extra.refundedCents ?? 0,
    convenienceFeeCents: 0,
    taxCents: 0,
    shippingCents: 0,
    batchId,
    data: null,
    payerName: extra.payerName ?? null,
    glAccountId: null,
  };
  return {
    value,
    items: items.map(([itemId, cents]) => ({
      transactionId: id,
      itemId,
      itemName: `Item ${itemId}`,
      amountCents: cents,
      glAccountId: null,
      studentNumber: null,
      studentName: null,
      raw: JSON.stringify({ itemId, cents }),
    })),
    raw: JSON.stringify({ ...value, items }),
    digest: rawDigest(JSON.stringify({ ...value, items })),
  };
}

export const onDay =
  (day: string) =>
  (parsed: ReceivedTransaction): PageRow => ({
    parsed,
    businessDate: day,
    fallbackDate: day,
  });

export const batch = (id: string, totalCents: number): Received<Batch> => {
  const value: Batch = {
    id,
    payeeId: 1,
    date: '2026-03-02',
    paymentMethod: 'CC',
    totalCents,
    feesCents: 0,
    partialCents: totalCents,
    totalCount: 1,
  };
  return { value, raw: JSON.stringify(value) };
};

export const glLine = (glBatchId: string, batchId: string, amountCents: number): Received<GlBatch> => {
  const value: GlBatch = {
    glBatchId,
    date: '2026-03-02',
    batchId,
    payeeId: 1,
    glAccountId: 'a1',
    glNumber: '4100-000',
    glLabel: 'Athletics',
    amountCents,
    amountWithoutFeesCents: amountCents,
    count: 1,
  };
  return { value, raw: JSON.stringify(value) };
};
