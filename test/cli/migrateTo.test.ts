/**
 * `district-recon migrate-to`: a single-user database moved to a district's PostgreSQL, every row
 * and id kept, the identity sequences past the copied ids; refused into a database that has data,
 * with nothing written; the file only read.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStore } from '../../electron/engine/store/dialect';
import { describePostgres, usePostgresTestDatabase } from '../helpers/postgres';
import { districtFolder, runCliInProcess } from './run';

describePostgres('district-recon migrate-to', () => {
  const { folder, dbFile } = districtFolder('recon-cli-migrate-');
  const database = usePostgresTestDatabase();
  let server: PostgresStore;
  beforeAll(async () => {
    // A few exports, so an identity column has ids to move past.
    const file = new BetterSqlite3(dbFile);
    const add = file.prepare(
      `INSERT INTO exports (created_at, from_date, to_date, payee_ids, methods, layout, file, row_count, total_cents, total_without_fees_cents, sha256, created_by, status)
       VALUES ('2026-03-10T00:00:00Z', '2026-03-01', '2026-03-31', '[]', '[]', 'xlsx', ?, 0, 0, 0, '', 'bookkeeper', 'done')`,
    );
    for (const name of ['a.xlsx', 'b.xlsx', 'c.xlsx']) add.run(name);
    file.close();
  });
  afterAll(async () => {
    await server?.close();
  });
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

  it('copies every table, keeps ids, and the server hands out the next id after them', async () => {
    const before = sha256(dbFile);
    const result = await runCliInProcess(['migrate-to', '--db', dbFile], folder);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--database postgres:\/\//);

    const moved = await runCliInProcess(['migrate-to', '--database', database().url, '--db', dbFile], folder);
    expect(moved.stderr).toContain('batches: ');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/^Copied \d+ rows in \d+ tables to postgres:\/\//);
    expect(sha256(dbFile)).toBe(before);

    const file = new BetterSqlite3(dbFile, { readonly: true });
    server = await openPostgresStore(database().url);
    for (const table of ['payees', 'transactions', 'transaction_items', 'batches', 'gl_batches', 'exports']) {
      const here = file.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number };
      const there = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(server.writer);
      expect(there.rows[0]!.n, table).toBe(here.n);
      // The planner's statistics are taken by the move, not left for autovacuum: on tables it still
      // believed empty, the first export after a move compared every GL row with every deposit.
      const planned = await sql<{ n: string }>`
        SELECT reltuples::bigint AS n FROM pg_class WHERE oid = ${table}::regclass`.execute(server.writer);
      expect(Number(planned.rows[0]!.n), `${table}'s statistics`).toBe(Number(here.n));
    }
    const batchesHere = file.prepare('SELECT * FROM batches ORDER BY id').all();
    const batchesThere = await server.writer.selectFrom('batches').selectAll().orderBy('id').execute();
    expect(batchesThere).toEqual(batchesHere);
    file.close();

    const next = await server.writer
      .insertInto('exports')
      .values({
        created_at: '2026-04-01T00:00:00Z',
        from_date: '2026-04-01',
        to_date: '2026-04-30',
        payee_ids: '[]',
        methods: '[]',
        layout: 'xlsx',
        file: 'd.xlsx',
        row_count: 0,
        total_cents: 0,
        total_without_fees_cents: 0,
        sha256: '',
        created_by: 'Ann',
        status: 'done',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(4);
  }, 180_000);

  it('refuses a database that already has data, in one line, and writes nothing', async () => {
    const again = await runCliInProcess(['migrate-to', '--database', database().url, '--db', dbFile], folder);
    expect(again.code).toBe(1);
    expect(again.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/already has District Recon data .*migrate-to only fills an empty one/);
    const exports = await sql<{ n: number }>`SELECT count(*) AS n FROM exports`.execute(server.writer);
    expect(exports.rows[0]!.n).toBe(4);
  }, 120_000);
});
