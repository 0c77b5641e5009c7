/**
 * On PostgreSQL a day's transaction pages are written in units of work of 2,000 rows (issue 31):
 * each unit costs its statements' start-up on the server, its round trips and a commit, and halving
 * their number took ~3% off a 1M full sync that shares its two cores with the server (37.0 / 36.9 s
 * against 38.0 / 38.1 s, alternated). Rows written in one unit share its transaction id, their xmin.
 * SQLite's units stay at 500 rows (its writes hold the event loop): it runs in the node-postgres
 * project only.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness } from './harness';

describe("a full sync's write units on PostgreSQL", () => {
  const closing = closeAfterEach();

  it.skipIf(ENGINE_DIALECT !== 'postgres')(
    "write a day's pages in units of at least 2,000 rows",
    async () => {
      const h = closing(
        await startHarness({
          sandbox: { seed: 7, scenario: { days: 2, totalTransactions: 9_000, payees: 2, glAccounts: 4 } },
        }),
      );
      const run = await h.sync('2026-02-26');
      expect(run.status).toBe('succeeded');
      const units = await sql<{ day: string; rows: number }>`
        SELECT business_date AS day, count(*)::int AS rows FROM transactions
        GROUP BY business_date, xmin::text ORDER BY business_date, rows DESC`.execute(
        h.engine.internals.store.reader.db,
      );
      const days = new Map<string, number[]>();
      for (const unit of units.rows) days.set(unit.day, [...(days.get(unit.day) ?? []), unit.rows]);
      // Every unit of a day but its last holds at least 2,000 rows (the pages that reach them).
      for (const rows of days.values())
        for (const full of rows.slice(0, -1)) expect(full).toBeGreaterThanOrEqual(2_000);
      expect(Math.max(...[...days.values()].map((rows) => rows.length))).toBeGreaterThan(1);
    },
    60_000,
  );
});
