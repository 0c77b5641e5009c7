/**
 * PostgreSQL's Dialect (dialect.ts): stateless, one for every pool and transaction, since kysely
 * hands each query its connection.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Dialect } from '../dialect';
import { arrayParameter, columnarStatement } from '../columnarRows';
import { postgresTextSearch } from './textSearch';
import { postgresUnits } from './unitOfWork';
import { fetchInChunks } from './cursor';
import { heldReadTransaction } from './snapshot';

export const postgresDialect: Dialect = {
  ...postgresUnits,
  /**
   * A unit waits on the server without holding the thread, and each costs its statements' start on the
   * server, its round trips and a commit: at 2,000 rows rather than 1,000 a 1M full sync took ~3% less
   * (37.0 / 36.9 s against 38.0 / 38.1 s, alternated; test/engine/sync/writeUnits.test.ts).
   */
  rowsPerWriteUnit: 2_000,
  // PostgreSQL checkpoints on its own schedule: the work simply runs.
  withBulkCheckpoints: (work) => work(),
  bulk: columnarStatement,
  inList: (column, values, type): RawBuilder<SqlBool> =>
    sql<SqlBool>`${sql.ref(column)} = ANY(${arrayParameter(
      values.map((value) => [value]),
      0,
      { name: column, type },
    )}::${sql.raw(type)}[])`,
  jsonRows: (query) => jsonArrayFrom(query).$castTo(),
  search: postgresTextSearch,
  streamChunks: fetchInChunks,
  openSnapshot: (db) => heldReadTransaction(db, postgresDialect),
  backupTo: () =>
    Promise.reject(new Error('Automatic backups are for a SQLite file; back up PostgreSQL with pg_dump.')),
  /**
   * PostgreSQL plans from statistics that autovacuum refreshes only a while after a bulk load; until
   * then a freshly synced server may pick a plan for empty tables (the Changes list joined every
   * transaction before taking its first page: ~17 ms instead of ~3 ms on a 90,000-transaction store,
   * ~60 ms at 300,000). ANALYZE takes a lock that reads and writes do not wait for; only another
   * ANALYZE or VACUUM does.
   */
  refreshStatistics: async (db, tables) => {
    if (tables.length) await sql.raw(`ANALYZE ${tables.join(', ')}`).execute(db);
  },
};
