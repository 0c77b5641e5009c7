/**
 * Synthetic transactions for the list and seek tests: row `i` is payee 1 + i % 3, ACH on every fifth,
 * one of four statuses and three payer names in turn, amount 100 + i cents; the test picks the id,
 * batch and business date.
 */
import type BetterSqlite3 from 'better-sqlite3';

const STATUSES = ['Settled', 'Pending', 'Refunded', 'Unknown'] as const;
const NAMES = ['Zoë Müller', 'Ana García', 'Liam Smith'];

export interface SeedRow {
  id: number;
  batchId: string | null;
  businessDate: string;
}

export function seedTransactions(sqlite: BetterSqlite3.Database, count: number, row: (i: number) => SeedRow): void {
  const insert = sqlite.prepare(
    `INSERT INTO transactions (id, order_id, payee_id, payment_method, status, amount_cents, batch_id, data, payer_name, business_date, raw, first_seen_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '{}', 'x', 'x')`,
  );
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const { id, batchId, businessDate } = row(i);
      const method = i % 5 === 0 ? 'ACH' : 'CC';
      insert.run(
        id,
        90_000 + i,
        1 + (i % 3),
        method,
        STATUSES[i % 4],
        100 + i,
        batchId,
        `Yearbook ${i}`,
        NAMES[i % 3],
        businessDate,
      );
    }
  })();
}
