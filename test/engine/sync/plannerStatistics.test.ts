/**
 * After a sync loads many transactions, PostgreSQL's planner is told what the table holds before the
 * deposits phase reads them back by deposit: planned for a table it had never analyzed, the count
 * of each new deposit's transactions scanned the whole table for every page of deposits.
 * SQLite plans from its indexes alone (store/statistics.ts): nothing to check there.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ENGINE_DIALECT } from '../../helpers/postgres';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness } from './harness';

describe('the planner statistics of a large sync', () => {
  const closing = closeAfterEach();

  it.skipIf(ENGINE_DIALECT !== 'postgres')(
    'describe the transactions written by the time the deposits are read',
    async () => {
      // ~6,000 transactions: over the 5,000 rows after which the statistics are refreshed.
      const h = closing(
        await startHarness({
          sandbox: { seed: 7, scenario: { days: 12, totalTransactions: 6_000, payees: 3, glAccounts: 8 } },
        }),
      );
      const { reader } = h.engine.internals.store;
      const plannedRows = async () =>
        (
          await sql<{ n: number }>`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'transactions'`.execute(
            reader.db,
          )
        ).rows[0]!.n;
      let atDeposits: Promise<number> | null = null;
      // Read as the deposits phase starts: nothing but an ANALYZE or a VACUUM changes reltuples.
      h.engine.on('sync.progress', (progress) => {
        if (progress.phase === 'batches' && !atDeposits) atDeposits = plannedRows();
      });

      const run = await h.sync('2026-02-26');
      expect(run.status).toBe('succeeded');
      expect(run.transactionsInserted).toBeGreaterThan(5_000);
      expect(atDeposits).not.toBeNull();
      // -1 is PostgreSQL's "never analyzed"; the ANALYZE of a table this small reads every row.
      expect(await atDeposits!).toBe(run.transactionsInserted);
    },
    60_000,
  );
});
