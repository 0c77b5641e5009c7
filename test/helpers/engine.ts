import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../electron/engine/engine';
import type { EngineOptions } from '../../electron/engine/context';
import { silentLogger } from '../../electron/engine/logger';

/** An engine on an in-memory database, for transport and handler tests. */
export function createTestEngine(overrides: Partial<EngineOptions> = {}): Promise<Engine> {
  return createEngine({
    version: '9.9.9-test',
    dataFolder: '/tmp/district-recon-test',
    databasePath: ':memory:',
    host: 'direct',
    logger: silentLogger,
    ...overrides,
  });
}
