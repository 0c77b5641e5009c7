/** An engine syncing from the hostile service double, and what it left in its store. */
import { sqliteOf } from '../../helpers/db';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { silentLogger } from '../../../electron/engine/logger';
import type { ClientTuning } from '../../../electron/engine/sync/connection';
import type { SyncLimits } from '../../../electron/engine/sync/limits';
import type { SyncProgress, SyncRunSummary } from '../../../shared/contract';
import { fixedClock } from '../../../shared/time';
import { startHostileService, type HostileScenario, type HostileService } from '../../helpers/hostileService';

export const NOW = '2026-03-10T15:00:00Z';
export const FROM = '2026-03-08';
/** The day the service misbehaves on; 2026-03-08 before it is served well. */
export const BAD_DAY = '2026-03-09';

export interface HostileRun {
  service: HostileService;
  engine: Engine;
  run: SyncRunSummary;
  progress: SyncProgress[];
  ms: number;
  databasePath: string;
  /** Rows stored per table for a day (transactions by business date, GL rows and batches by date). */
  stored(day: string): { transactions: number; glBatches: number; batches: number };
  databaseBytes(): number;
  close(): Promise<void>;
}

export async function syncAgainstHostile(
  scenario: HostileScenario,
  options: { tuning?: ClientTuning; limits?: Partial<SyncLimits> } = {},
): Promise<HostileRun> {
  const service = await startHostileService(scenario, BAD_DAY);
  const folder = mkdtempSync(join(tmpdir(), 'recon-hostile-'));
  const databasePath = join(folder, 'district-recon.sqlite');
  const engine = await createEngine({
    version: 'test',
    dataFolder: folder,
    databasePath,
    host: 'direct',
    clock: fixedClock(NOW),
    credentials: memoryCredentialStore({ token: service.token, secret: service.secret }),
    logger: silentLogger,
  });
  engine.internals.sync.clientTuning = options.tuning ?? { sleep: async () => {} };
  engine.internals.sync.limits = options.limits ?? {};
  await engine.call('settings.set', { patch: { serviceUrl: service.url } });
  const progress: SyncProgress[] = [];
  const unsubscribe = engine.on('sync.progress', (p) => progress.push(p));
  const started = performance.now();
  const { finished } = await engine.internals.sync.start({ trigger: 'manual', from: FROM as never });
  const run = (await finished)!;
  const ms = performance.now() - started;
  unsubscribe();
  const sqlite = sqliteOf(engine.internals.store);
  const count = (sql: string, day: string) => (sqlite.prepare(sql).get(day) as { n: number }).n;
  return {
    service,
    engine,
    run,
    progress,
    ms,
    databasePath,
    stored: (day) => ({
      transactions: count('SELECT count(*) AS n FROM transactions WHERE business_date = ?', day),
      glBatches: count('SELECT count(*) AS n FROM gl_batches WHERE date = ?', day),
      batches: count('SELECT count(*) AS n FROM batches WHERE date = ?', day),
    }),
    databaseBytes: () => {
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      return statSync(databasePath).size;
    },
    async close() {
      await engine.close();
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
