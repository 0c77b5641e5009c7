/** The sync's writes of batches (deposits): small statements, each in its caller's page transaction. */
import type { Batch, Received as Parsed } from '../../../shared/domain';
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';

export function batchExists({ sqlite }: ReadableDB, id: string): boolean {
  return statement(sqlite, 'SELECT 1 FROM batches WHERE id = ?').get(id) !== undefined;
}

export function countBatchTransactions({ sqlite }: ReadableDB, batchId: string): number {
  return (statement(sqlite, 'SELECT COUNT(*) AS n FROM transactions WHERE batch_id = ?').get(batchId) as { n: number })
    .n;
}

/** Inserts or updates a batch; returns whether anything was written. */
export function upsertBatch({ sqlite }: WritableDB, { value, raw }: Parsed<Batch>, now: string): boolean {
  const result = statement(
    sqlite,

    `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
       VALUES (@id, @payeeId, @date, @paymentMethod, @totalCents, @feesCents, @partialCents, @totalCount, @raw, @now, @now)
       ON CONFLICT(id) DO UPDATE SET payee_id = excluded.payee_id, date = excluded.date, payment_method = excluded.payment_method,
         total_cents = excluded.total_cents, fees_cents = excluded.fees_cents, partial_cents = excluded.partial_cents,
         total_count = excluded.total_count, raw = excluded.raw, updated_at = excluded.updated_at
       WHERE batches.raw IS NOT excluded.raw`,
  ).run({ ...value, raw, now });
  return result.changes > 0;
}
