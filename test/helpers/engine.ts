import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../electron/engine/engine';
import type { EngineOptions } from '../../electron/engine/context';
import { silentLogger } from '../../electron/engine/logger';
import { createMigratedTestDatabase, ENGINE_DIALECT, TEST_DATABASE_CONNECTIONS } from './postgres';

/**
 * An engine on an in-memory database, for transport and handler tests; on a fresh PostgreSQL
 * database instead when the suite runs on that dialect (ENGINE_DIALECT), dropped when it closes.
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

/** The engine on a database of its own, dropped after the engine closes. */
export async function onTestPostgres(options: EngineOptions): Promise<Engine> {
  const database = await createMigratedTestDatabase();
  let engine: Engine;
  try {
    engine = await createEngine({
      databaseConnections: TEST_DATABASE_CONNECTIONS,
      ...options,
      databasePath: undefined,
      databaseUrl: database.url,
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  const close = engine.close.bind(engine);
  engine.close = async () => {
    await close();
    await database.drop();
  };
  return engine;
}
