/**
 * Migration 026: on PostgreSQL an item's reference to its transaction is kept by statement triggers
 * instead of a foreign key. The rules are the key's (refused with SQLSTATE 23503, delete cascades, an
 * id named by items does not change), and checking them locks no transaction row.
 */
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../../../electron/engine/store/dialect';
import type { Database } from '../../../../electron/engine/store/schema';
import { describePostgres, usePostgresKysely } from '../../../helpers/postgres';

const NOW = '2026-03-10T20:00:00Z';

async function storeTransaction(db: Kysely<Database>, id: number): Promise<void> {
  await sql`INSERT INTO transactions (id, payee_id, payment_method, status, amount_cents, business_date, raw,
      first_seen_at, updated_at)
    VALUES (${id}, 1, 'card', 'Settled', 1000, '2026-03-09', '{}', ${NOW}, ${NOW})`.execute(db);
}

function insertItems(db: Kysely<Database>, items: Array<[transactionId: number, itemId: string]>) {
  return sql`INSERT INTO transaction_items (transaction_id, item_id, amount_cents, raw)
    SELECT t, i, 500, '{}' FROM unnest(${items.map((item) => item[0])}::bigint[], ${items.map((item) => item[1])}::text[]) AS page (t, i)`.execute(
    db,
  );
}

async function itemsOf(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ transaction_id: string; item_id: string }>`
    SELECT transaction_id, item_id FROM transaction_items ORDER BY transaction_id, item_id`.execute(db);
  return rows.rows.map((row) => `${row.transaction_id}/${row.item_id}`);
}

describePostgres("transaction items' reference to their transaction on PostgreSQL (026)", () => {
  const database = usePostgresKysely();
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = database();
    await migratePostgres(db);
    for (const id of [1, 2, 3, 4]) await storeTransaction(db, id);
  });

  it('stores items whose transactions are stored', async () => {
    await insertItems(db, [
      [1, 'a'],
      [1, 'b'],
      [2, 'a'],
    ]);
    expect(await itemsOf(db)).toEqual(['1/a', '1/b', '2/a']);
  });

  it('refuses a statement with one item naming a transaction not stored, as the key did, and keeps none of its rows', async () => {
    const refused = insertItems(db, [
      [3, 'a'],
      [99, 'a'],
    ]);
    await expect(refused).rejects.toMatchObject({
      code: '23503',
      message: 'transaction item names transaction 99, which is not stored',
    });
    expect(await itemsOf(db)).toEqual(['1/a', '1/b', '2/a']);
  });

  it('refuses moving an item to a transaction not stored', async () => {
    const moved = sql`UPDATE transaction_items SET transaction_id = 98 WHERE transaction_id = 2`.execute(db);
    await expect(moved).rejects.toMatchObject({ code: '23503' });
    expect(await itemsOf(db)).toEqual(['1/a', '1/b', '2/a']);
  });

  it("takes a deleted transaction's items with it, and no one else's", async () => {
    await insertItems(db, [[3, 'a']]);
    await sql`DELETE FROM transactions WHERE id = 3`.execute(db);
    expect(await itemsOf(db)).toEqual(['1/a', '1/b', '2/a']);
  });

  it('refuses changing the id of a transaction its items name, and allows it for one they do not', async () => {
    const renamed = sql`UPDATE transactions SET id = 10 WHERE id = 1`.execute(db);
    await expect(renamed).rejects.toMatchObject({
      code: '23503',
      message: 'transaction 1 is named by its items; its id cannot change',
    });
    await sql`UPDATE transactions SET id = 40 WHERE id = 4`.execute(db);
    const ids = await sql<{ id: string }>`SELECT id FROM transactions ORDER BY id`.execute(db);
    expect(ids.rows.map((row) => Number(row.id))).toEqual([1, 2, 40]);
  });

  describe('the check', () => {
    it('locks no transaction row: an item written leaves its stored transaction as it was', async () => {
      // A foreign key's check takes FOR KEY SHARE on the referenced row, which writes the locker into
      // the row's xmax (and its page to the log): a server-side write per item the sync stores.
      const before = await sql<{ xmax: string }>`SELECT xmax::text FROM transactions WHERE id = 2`.execute(db);
      await insertItems(db, [[2, 'b']]);
      const after = await sql<{ xmax: string }>`SELECT xmax::text FROM transactions WHERE id = 2`.execute(db);
      expect(after.rows[0]!.xmax).toBe(before.rows[0]!.xmax);
      expect(await itemsOf(db)).toEqual(['1/a', '1/b', '2/a', '2/b']);
    });
  });
});
