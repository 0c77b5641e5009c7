import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../electron/engine/engine';
import type { EngineOptions } from '../../electron/engine/context';
import { silentLogger } from '../../electron/engine/logger';
import { storeForTestEngine } from './keptPostgresStores';
import { ENGINE_DIALECT, TEST_DATABASE_CONNECTIONS } from './postgres';

/**
 * An engine on an in-memory database, for transport and handler tests; on a fresh PostgreSQL
 * store instead when the suite runs on that dialect (ENGINE_DIALECT).
 */
export async function createTestEngine(overrides: Partial<EngineOptions> = {}): Promise<Engine> {
  const options: EngineOptions = {
    version: '9.9.9-test',
    dataFolder: '/tmp/district-recon-test',
    databasePath: ':memory:',
    host: 'direct',
    logger: silentLogger,
    databaseConnections: TEST_DATABASE_CONNECTIONS,
    ...overrides,
  };
  const ownDatabase = overrides.databasePath === undefined && overrides.store === undefined;
  if (ENGINE_DIALECT === 'sqlite' || !ownDatabase) return createEngine(options);
  return onTestPostgres(options);
}

/**
 * The engine on a migrated, empty PostgreSQL store of its own: a store kept from an engine of the
 * same file that closed (test/helpers/keptPostgresStores.ts), or a new database.
 */
export async function onTestPostgres(options: EngineOptions): Promise<Engine> {
  const store = await storeForTestEngine();
  try {
    return await createEngine({ ...options, databasePath: undefined, databaseUrl: undefined, store });
  } catch (error) {
    await store.close();
    throw error;
  }
}
