import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portableHandles } from '../../../../electron/engine/store/work';
import { openPostgresStore, type PostgresStore } from '../../../../electron/engine/store/dialect';
import { refreshPlannerStatistics } from '../../../../electron/engine/store/dialect';
import { createEngineWithInternals as createEngine } from '../../../../electron/engine/engine';
import { silentLogger } from '../../../../electron/engine/logger';
import { describePostgres, usePostgresTestDatabase } from '../../../helpers/postgres';

describe('openPostgresStore without a server', () => {
  it('names the server it could not reach, without the password', async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    const failure = openPostgresStore('postgres://recon:s3cret-Pa55@127.0.0.1:1/recon');
    await expect(failure).rejects.toThrow(
      /^Could not connect to PostgreSQL at postgres:\/\/recon:\*\*\*@127\.0\.0\.1:1\/recon: /,
    );
    await expect(failure).rejects.not.toThrow(/s3cret/);
  });

  it('says which CA certificate file it cannot read', async () => {
    await expect(
      openPostgresStore(
        'postgres://recon:s3cret@db.district.org/recon?sslmode=verify-full&sslrootcert=/nonexistent/district-ca.pem',
      ),
    ).rejects.toThrow(
      "The sslrootcert file /nonexistent/district-ca.pem of postgres://recon:***@db.district.org/recon?sslmode=verify-full&sslrootcert=/nonexistent/district-ca.pem cannot be read (ENOENT); give the path of the server's CA certificate (PEM).",
    );
  });

  it('refuses a pool of no connections before connecting', async () => {
    await expect(openPostgresStore('postgres://recon@127.0.0.1:1/recon', { maxConnections: 0 })).rejects.toThrow(
      'Connections per pool must be a whole number of at least 1, not 0.',
    );
  });

  it('refuses a bad URL before connecting', async () => {
    await expect(openPostgresStore('mysql://recon:s3cret@db/recon')).rejects.toThrow(
      /^The database URL must start with postgres:\/\//,
    );
  });
});

describePostgres('openPostgresStore', () => {
  const database = usePostgresTestDatabase();
  let store: PostgresStore;

  beforeAll(async () => {
    store = await openPostgresStore(database().url);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('migrates on open', async () => {
    const version = await sql<{ version: number }>`SELECT max(version) AS version FROM schema_version`.execute(
      store.reader,
    );
    expect(version.rows[0]!.version).toBeGreaterThanOrEqual(9);
  });

  it('gives a read handle that refuses to write, beside a write handle that can', async () => {
    await expect(
      store.reader.insertInto('settings').values({ key: 'theme', value: '"dark"' }).execute(),
    ).rejects.toMatchObject({ code: '25006' }); // read_only_sql_transaction
    await expect(
      store.reader
        .transaction()
        .execute((trx) => trx.insertInto('settings').values({ key: 'theme', value: '"dark"' }).execute()),
    ).rejects.toMatchObject({ code: '25006' });

    await store.writer.insertInto('settings').values({ key: 'theme', value: '"light"' }).execute();
    expect(await store.reader.selectFrom('settings').selectAll().execute()).toEqual([
      { key: 'theme', value: '"light"' },
    ]);
  });

  it('reads ids, cents, counts and sums as numbers, as on SQLite', async () => {
    const row = {
      id: 9_000_000_001,
      order_id: 77,
      payee_id: 12,
      payment_method: 'card',
      status: 'Settled',
      status_message: null,
      amount_cents: 123_456_789_012,
      amount_refunded_cents: 0,
      convenience_fee_cents: 250,
      tax_cents: 0,
      shipping_cents: 0,
      batch_id: 'B-1',
      data: null,
      payer_name: 'Jane Smith',
      gl_account_id: null,
      business_date: '2026-03-02',
      raw: '{}',
      first_seen_at: '2026-03-02T15:00:00.000Z',
      updated_at: '2026-03-02T15:00:00.000Z',
      first_seen_run_id: null,
      first_status: 'Settled',
    };
    await store.writer.insertInto('transactions').values(row).execute();
    await store.writer
      .insertInto('transactions')
      .values({ ...row, id: 9_000_000_002, amount_cents: 1 })
      .execute();

    const read = await store.reader
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(read).toMatchObject({ id: 9_000_000_001, amount_cents: 123_456_789_012, convenience_fee_cents: 250 });
    const totals = await store.reader
      .selectFrom('transactions')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('amount_cents').as('sum')])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ count: 2, sum: 123_456_789_013 });
  });

  it('refuses a number too large to hold exactly instead of rounding it', async () => {
    await expect(sql`SELECT 9007199254740993::bigint AS n`.execute(store.reader)).rejects.toThrow(
      'PostgreSQL returned 9007199254740993, too large to handle exactly; no District Recon amount or id should be that large.',
    );
    expect((await sql<{ n: number }>`SELECT 9007199254740991::bigint AS n`.execute(store.reader)).rows[0]!.n).toBe(
      Number.MAX_SAFE_INTEGER,
    );
  });

  // After a large sync: a freshly synced server must not plan for empty tables (store/statistics.ts).
  it('refreshes the planner statistics of every table a sync writes', async () => {
    const analyzedAt = async () =>
      new Map(
        (
          await sql<{ relname: string; at: string | null }>`SELECT relname, last_analyze::text AS at
            FROM pg_stat_user_tables`.execute(store.writer)
        ).rows.map((r) => [r.relname, r.at]),
      );
    const before = await analyzedAt();
    await refreshPlannerStatistics(portableHandles(store.writer, store.reader).writer);
    const synced = [
      'batch_checks',
      'batches',
      'gl_batches',
      'transaction_changes',
      'transaction_items',
      'transactions',
    ];
    // The statistics views may show another connection's ANALYZE up to a second late.
    await expect
      .poll(
        async () => {
          const after = await analyzedAt();
          return synced.filter((table) => after.get(table) != null && after.get(table) !== before.get(table));
        },
        { timeout: 5_000 },
      )
      .toEqual(synced);
  });
});

describePostgres('an engine on PostgreSQL with databaseConnections', () => {
  const database = usePostgresTestDatabase();

  /** The Overview reads in parallel: with ten per pool it opened a connection for each read. */
  it('opens no more connections per pool than it is given', async () => {
    const engine = await createEngine({
      version: '9.9.9-test',
      dataFolder: '/tmp/district-recon-test',
      databaseUrl: database().url,
      databaseConnections: 1,
      host: 'direct',
      logger: silentLogger,
    });
    try {
      await Promise.all([engine.call('overview.get', {}), engine.call('batches.list', { filter: {}, limit: 50 })]);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(engine.internals.store.writer.db);
      // Besides this query's (the one to write): one to read, one listening to the other servers.
      expect(rows[0]!.n).toBeLessThanOrEqual(2);
    } finally {
      await engine.close();
    }
  });
});
