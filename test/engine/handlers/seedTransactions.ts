/**
 * Synthetic transactions for the list and seek tests: row `i` is payee 1 + i % 3, ACH on every fifth,
 * one of four statuses and three payer names in turn, amount 100 + i cents; the test picks the id,
 * batch and business date. Written through kysely, so the same rows go into SQLite or PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../electron/engine/store/schema';
import { foldForSearch } from '../../../electron/engine/store/dialect';

const STATUSES = ['Settled', 'Pending', 'Refunded', 'Unknown'] as const;
const NAMES = ['Zoë Müller', 'Ana García', 'Liam Smith'];
/** Rows per INSERT: under SQLite's 32,766 bound parameters with 14 columns. */
const CHUNK = 500;

export interface SeedRow {
  id: number;
  batchId: string | null;
  businessDate: string;
}

export async function seedTransactions(
  db: Kysely<Database>,
  count: number,
  row: (i: number) => SeedRow,
): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const { id, batchId, businessDate } = row(i);
    return {
      id,
      order_id: 90_000 + i,
      payee_id: 1 + (i % 3),
      payment_method: i % 5 === 0 ? 'ACH' : 'CC',
      status: STATUSES[i % 4]!,
      amount_cents: 100 + i,
      amount_refunded_cents: 0,
      convenience_fee_cents: 0,
      tax_cents: 0,
      shipping_cents: 0,
      batch_id: batchId,
      data: `Yearbook ${i}`,
      payer_name: NAMES[i % 3]!,
      payer_search: foldForSearch(NAMES[i % 3]!),
      business_date: businessDate,
      raw: '{}',
      first_seen_at: 'x',
      updated_at: 'x',
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += CHUNK)
      await trx
        .insertInto('transactions')
        .values(rows.slice(start, start + CHUNK))
        .execute();
  });
}
