/**
 * A test's own pool (postgres.ts testPool) outlives a connection the server ends while it is idle:
 * what DROP DATABASE … WITH (FORCE) does to a file's pool that is still closing. A pool without a
 * listener throws it as an uncaught exception, failing whichever test file runs at that moment.
 */
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { describePostgres, testPool, usePostgresTestDatabase } from './postgres';

describePostgres('testPool', () => {
  const database = usePostgresTestDatabase();
  const admin = () => new pg.Client({ connectionString: database().url });
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.end();
  });

  it('hears an idle connection ended by the server instead of throwing it', async () => {
    const heard: string[] = [];
    const pool = testPool({ connectionString: database().url, max: 1 }, (error) => heard.push(error.message));
    pools.push(pool);
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const client = admin();
    await client.connect();
    try {
      await client.query('SELECT pg_terminate_backend($1, 30000)', [rows[0]!.pid]);
    } finally {
      await client.end();
    }
    await expect.poll(() => heard, { timeout: 10_000 }).toHaveLength(1);
    expect(heard[0]).toMatch(/terminating connection due to administrator command/);
    // The pool replaces the lost connection.
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
