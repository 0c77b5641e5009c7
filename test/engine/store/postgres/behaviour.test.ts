/**
 * What the catalog comparison (schema.test.ts) cannot see: the baseline's translations behave as
 * SQLite does, on both databases side by side.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../../../electron/engine/store/dialect';
import { createTestDb, type TestStore } from '../../../helpers/db';
import { describePostgres, usePostgresTestDatabase } from '../../../helpers/postgres';

describePostgres('the PostgreSQL schema behaves as SQLite’s', () => {
  const database = usePostgresTestDatabase();
  let pg: PostgresStore;
  let lite: TestStore;

  beforeAll(async () => {
    pg = await openPostgresStore(database().url);
    lite = await createTestDb();
  });
  afterAll(async () => {
    await pg?.close();
    await lite?.cleanup();
  });

  const user = (name: string, role = 'viewer') => ({
    name,
    role: role as 'viewer',
    password_hash: 'h',
    created_at: '2026-03-01T00:00:00.000Z',
  });

  it('user names are unique without case and found without case; roles and the disabled flag are checked', async () => {
    for (const db of [pg.writer, lite.db]) {
      await db.insertInto('users').values(user('Ana', 'admin')).execute();
      await expect(db.insertInto('users').values(user('ANA')).execute()).rejects.toThrow(/unique/i);
      await expect(db.insertInto('users').values(user('Ben', 'boss')).execute()).rejects.toThrow(/check/i);
      await expect(
        db
          .insertInto('users')
          .values({ ...user('Cy'), disabled: 2 })
          .execute(),
      ).rejects.toThrow(/check/i);
      const found = await db.selectFrom('users').select(['id', 'name', 'disabled']).where('name', '=', 'ana').execute();
      expect(found).toEqual([{ id: 1, name: 'Ana', disabled: 0 }]);
    }
  });

  it('a bank line holds one live match, and an explanation is for a line or a batch, not both', async () => {
    for (const db of [pg.writer, lite.db]) {
      await db.insertInto('bank_accounts').values({ number: '001', currency: 'USD', first_seen_at: 't' }).execute();
      await db
        .insertInto('bank_statements')
        .values({
          file_name: 'a.bai',
          sha256: 'x',
          format: 'bai2',
          from_date: '2026-03-01',
          to_date: '2026-03-01',
          line_count: 1,
          new_line_count: 1,
          imported_at: 't',
          imported_by: 'ana',
        })
        .execute();
      await db
        .insertInto('bank_lines')
        .values({
          account_id: 1,
          statement_id: 1,
          posted_date: '2026-03-01',
          amount_cents: 100,
          type_code: '165',
          bank_reference: 'r',
          text: '',
          raw: '',
          identity: 'i',
          line_number: 1,
        })
        .execute();
      const match = (status: string) => ({
        line_id: 1,
        how: 'exact',
        status,
        rank: 0,
        batch_ids: '[]',
        created_at: 't',
      });
      await db
        .insertInto('bank_matches')
        .values([match('suggested'), match('suggested'), match('matched')])
        .execute();
      await expect(db.insertInto('bank_matches').values(match('confirmed')).execute()).rejects.toThrow(/unique/i);
      await expect(
        db
          .insertInto('bank_explanations')
          .values({ line_id: 1, batch_id: 'B-1', kind: 'rounding', note: '', by: 'ana', at: 't' })
          .execute(),
      ).rejects.toThrow(/check/i);
    }
  });

  it('orders text by bytes, as SQLite does, whatever the database locale', async () => {
    const ids = ['b-2', 'B-10', '_x', 'a', 'B-2', 'é', 'Z'];
    for (const db of [pg.writer, lite.db]) {
      await db
        .insertInto('settings')
        .values(ids.map((key) => ({ key, value: '1' })))
        .execute();
    }
    const order = async (db: typeof pg.writer) =>
      (await db.selectFrom('settings').select('key').where('key', 'in', ids).orderBy('key').execute()).map(
        (r) => r.key,
      );
    const sqliteOrder = await order(lite.db);
    expect(sqliteOrder).toEqual(['B-10', 'B-2', 'Z', '_x', 'a', 'b-2', 'é']);
    expect(await order(pg.writer)).toEqual(sqliteOrder);
  });

  it('finds a payer or item text by any part of it, without case, through the trigram index', async () => {
    const row = (id: number, payer_name: string | null, data: string | null) => ({
      id,
      order_id: null,
      payee_id: 1,
      payment_method: 'card',
      status: 'Settled',
      status_message: null,
      amount_cents: 100,
      amount_refunded_cents: 0,
      convenience_fee_cents: 0,
      tax_cents: 0,
      shipping_cents: 0,
      batch_id: null,
      data,
      payer_name,
      gl_account_id: null,
      business_date: '2026-03-02',
      raw: '{}',
      first_seen_at: 't',
      updated_at: 't',
      first_seen_run_id: null,
      first_status: 'Settled',
      // What the payer details phase stores beside the name (migration 019): folded, the column searched.
      payer_search: payer_name === null ? null : payer_name.toLowerCase(),
    });
    await pg.writer
      .insertInto('transactions')
      .values([
        row(1, 'Jane Smith', null),
        row(2, 'Ola Nordmann', 'Band trip: Smithsonian'),
        row(3, 'Li Wei', 'Yearbook'),
      ])
      .execute();

    const term = '%SMIT%';
    const folded = '%smit%';
    const found = await pg.reader
      .selectFrom('transactions')
      .select('id')
      .where((eb) => eb.or([eb('payer_search', 'like', folded), eb('data', 'ilike', term)]))
      .orderBy('id')
      .execute();
    expect(found.map((r) => r.id)).toEqual([1, 2]);

    const plan = await pg.writer.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db);
      const explained = await sql<{
        'QUERY PLAN': string;
      }>`EXPLAIN SELECT id FROM transactions WHERE payer_search LIKE ${folded} OR data ILIKE ${term}`.execute(db);
      await sql`RESET enable_seqscan`.execute(db);
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Bitmap Index Scan on transactions_search/);
  });
});
