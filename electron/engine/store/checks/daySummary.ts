/**
 * The day x payee x payment-method summary: what we hold locally against what the service's batches
 * and GL rows say, per batch date. It is the proof that the sync is complete, so the local side is the
 * plain sum of `amount` over the batches' transactions (refunds do not enter it; the batch checks show them).
 */
import { sql } from 'kysely';
import type { DaySummaryRow, PaymentMethod } from '../../../../shared/domain';
import type { ReadableDB } from '../work/handles';

export async function daySummary({ db }: ReadableDB, from: string, to: string): Promise<DaySummaryRow[]> {
  const rows = await sql<{
    date: string;
    payee_id: number;
    payment_method: PaymentMethod;
    batch_count: number;
    batch_cents: number;
    local_count: number;
    local_cents: number;
    gl_cents: number;
  }>`
    WITH b AS (SELECT id, date, payee_id, payment_method, total_count, total_cents FROM batches WHERE date BETWEEN ${from} AND ${to}),
    t AS (SELECT batch_id, count(*) AS n, sum(amount_cents) AS cents FROM transactions
          WHERE batch_id IN (SELECT id FROM b) GROUP BY batch_id),
    g AS (SELECT batch_id, sum(amount_cents) AS cents FROM gl_batches
          WHERE batch_id IN (SELECT id FROM b) GROUP BY batch_id)
    SELECT b.date, b.payee_id, b.payment_method,
           sum(b.total_count) AS batch_count, sum(b.total_cents) AS batch_cents,
           coalesce(sum(t.n), 0) AS local_count, coalesce(sum(t.cents), 0) AS local_cents,
           coalesce(sum(g.cents), 0) AS gl_cents
    FROM b LEFT JOIN t ON t.batch_id = b.id LEFT JOIN g ON g.batch_id = b.id
    GROUP BY b.date, b.payee_id, b.payment_method
    ORDER BY b.date, b.payee_id, b.payment_method`.execute(db);
  return rows.rows.map((row) => ({
    date: row.date,
    payeeId: row.payee_id,
    paymentMethod: row.payment_method,
    localCount: Number(row.local_count),
    localCents: Number(row.local_cents),
    batchCount: Number(row.batch_count),
    batchCents: Number(row.batch_cents),
    glCents: Number(row.gl_cents),
    tiesOut:
      Number(row.local_count) === Number(row.batch_count) &&
      Number(row.local_cents) === Number(row.batch_cents) &&
      Number(row.gl_cents) === Number(row.batch_cents),
  }));
}
