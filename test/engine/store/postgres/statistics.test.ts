/** After a large sync the planner's statistics are refreshed, so a new server does not plan for empty tables. */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { portableHandles } from '../../../../electron/engine/store/handles';
import { openPostgresStore, type PostgresStore } from '../../../../electron/engine/store/postgres/open';
import { refreshPlannerStatistics } from '../../../../electron/engine/store/statistics';
import { describePostgres, usePostgresTestDatabase } from '../../../helpers/postgres';

describePostgres('the planner statistics after a sync', () => {
  const database = usePostgresTestDatabase();
  let pg: PostgresStore;
  beforeAll(async () => {
    pg = await openPostgresStore(database().url);
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('analyzes every table the sync writes', async () => {
    const analyzed = async () =>
      (
        await sql<{ relname: string }>`SELECT relname FROM pg_stat_user_tables
          WHERE last_analyze IS NOT NULL ORDER BY relname`.execute(pg.writer)
      ).rows.map((r) => r.relname);
    expect(await analyzed()).toEqual([]);
    await refreshPlannerStatistics(portableHandles(pg.writer, pg.reader).writer);
    // The statistics views may show another connection's ANALYZE up to a second late.
    await expect
      .poll(analyzed, { timeout: 5_000 })
      .toEqual(['batch_checks', 'batches', 'gl_batches', 'transaction_changes', 'transaction_items', 'transactions']);
  });
});
