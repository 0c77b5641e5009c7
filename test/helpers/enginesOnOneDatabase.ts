/**
 * Engines for the runs of a property test. On PostgreSQL every run sharing one database copy,
 * emptied back to its migrated state between runs, instead of a database copied and dropped per
 * run (a copy, a drop, and the server's backends for each: most of such a test's time). Each run
 * still gets a new engine, so no cache or in-memory state carries from one run to the next. On
 * SQLite each run's engine has its own in-memory database, as createTestEngine gives it.
 */
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import type { EngineOptions } from '../../electron/engine/context';
import { createEngineWithInternals as createEngine } from '../../electron/engine/engine';
import { silentLogger } from '../../electron/engine/logger';
import { createTestEngine } from './engine';
import { afterThisFile } from './fileCleanup';
import {
  createMigratedTestDatabase,
  ENGINE_DIALECT,
  TEST_DATABASE_CONNECTIONS,
  testPool,
  type PostgresTestDatabase,
} from './postgres';

export interface EngineSource {
  /** A new engine on an empty (migrated) store; the caller closes it before asking for the next. */
  next(): Promise<Engine>;
}

export function enginesOnOneDatabase(overrides: Partial<EngineOptions> = {}): EngineSource {
  if (ENGINE_DIALECT === 'sqlite') return { next: () => createTestEngine(overrides) };
  let shared: Promise<SharedDatabase> | undefined;
  return {
    async next() {
      const database = await (shared ??= openSharedDatabase());
      await database.empty();
      return createEngine({
        version: '9.9.9-test',
        dataFolder: '/tmp/district-recon-test',
        host: 'direct',
        logger: silentLogger,
        databaseConnections: TEST_DATABASE_CONNECTIONS,
        ...overrides,
        databasePath: undefined,
        databaseUrl: database.url,
      });
    },
  };
}

interface SharedDatabase {
  url: string;
  /** Every table that was empty when migrated is emptied again, its identity sequences restarted. */
  empty(): Promise<void>;
}

async function openSharedDatabase(): Promise<SharedDatabase> {
  const database: PostgresTestDatabase = await createMigratedTestDatabase();
  const pool = testPool({ connectionString: database.url, max: 1, allowExitOnIdle: true });
  afterThisFile(async () => {
    await pool.end();
    await database.drop();
  });
  // Migrations write only their own bookkeeping; whatever else a run wrote goes.
  const tables = await pool.query<{ name: string; filled: boolean }>(
    `SELECT format('%I', table_name) AS name,
            (xpath('/row/c/text()', query_to_xml(format('SELECT EXISTS (SELECT 1 FROM %I) AS c', table_name), false, true, '')))[1]::text::boolean AS filled
       FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  );
  const emptyWhenMigrated = tables.rows.filter((table) => !table.filled).map((table) => table.name);
  const truncate = `TRUNCATE ${emptyWhenMigrated.join(', ')} RESTART IDENTITY CASCADE`;
  return { url: database.url, empty: async () => void (await pool.query(truncate)) };
}
