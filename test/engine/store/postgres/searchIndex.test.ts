import { type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migratePostgres } from '../../../../electron/engine/store/dialect';
import type { Database } from '../../../../electron/engine/store/schema';
import { describePostgres, usePostgresKysely } from '../../../helpers/postgres';

/** Migration 011: PostgreSQL's search index skips the rows SQLite's FTS5 triggers skip. */
describePostgres('the search index on PostgreSQL', () => {
  const database = usePostgresKysely(1);
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database();
  });

  /** Fill the table before version 11 so the migration rebuilds an index over rows it already holds. */
  it('indexes only rows with a payer name or data, and a search still uses it', async () => {
    await migratePostgres(db, { target: 10 });
    await sql`INSERT INTO payees (id, name, merchant_id, raw, updated_at) VALUES (1, 'Lunch', 'M1', '{}', 'x')`.execute(
      db,
    );
    await sql`INSERT INTO transactions (id, payee_id, payment_method, status, amount_cents, business_date, raw,
                first_seen_at, updated_at, payer_name, data)
              SELECT g, 1, 'card', 'Settled', 100, '2026-03-02', '{}', 'x', 'x',
                CASE WHEN g = 7 THEN 'Ana Quintero' END, CASE WHEN g = 9 THEN 'field trip: zoo' END
              FROM generate_series(1, 2000) g`.execute(db);
    // Up to the migration before 019, which moves the index to the folded payer name.
    await migratePostgres(db, { target: MIGRATIONS.findIndex((m) => m.name === '019_payer_search') });

    const { rows: defs } = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
      WHERE tablename = 'transactions' AND indexname = 'transactions_search'`.execute(db);
    expect(defs).toHaveLength(1);
    expect(defs[0]!.def).toMatch(/USING gin .*WHERE \(\(payer_name IS NOT NULL\) OR \(data IS NOT NULL\)\)/);

    await db.connection().execute(async (connection) => {
      await sql`SET enable_seqscan = off`.execute(connection);
      const search = (text: string) =>
        sql<{ id: string }>`SELECT id FROM transactions WHERE payer_name ILIKE ${text} OR data ILIKE ${text}
          ORDER BY id`.execute(connection);
      expect((await search('%quinter%')).rows.map((r) => Number(r.id))).toEqual([7]);
      expect((await search('%zoo%')).rows.map((r) => Number(r.id))).toEqual([9]);
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM transactions
        WHERE payer_name ILIKE ${'%zoo%'} OR data ILIKE ${'%zoo%'}`.execute(connection);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on transactions_search');
      await sql`RESET enable_seqscan`.execute(connection);
    });
  });

  /** Migration 019: search moves to the folded payer name; the names stored before are folded. */
  it('folds the payer names stored before, and a search on the folded name uses the index', async () => {
    await migratePostgres(db);
    const { rows: folded } = await sql<{ payer_search: string }>`SELECT payer_search FROM transactions
      WHERE id = 7`.execute(db);
    expect(folded).toEqual([{ payer_search: 'ana quintero' }]);
    const { rows: defs } = await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes
      WHERE tablename = 'transactions' AND indexname = 'transactions_search'`.execute(db);
    expect(defs[0]!.def).toMatch(/USING gin \(payer_search gin_trgm_ops, data gin_trgm_ops\)/);
    await db.connection().execute(async (connection) => {
      await sql`SET enable_seqscan = off`.execute(connection);
      const plan = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM transactions
        WHERE payer_search LIKE ${'%quint%'} OR data ILIKE ${'%quint%'}`.execute(connection);
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on transactions_search');
      await sql`RESET enable_seqscan`.execute(connection);
    });
  });
});
