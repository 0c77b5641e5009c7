/** An engine syncing from the hostile service double, and what it left in its store. */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import type { ClientTuning } from '../../../electron/engine/sync/connection';
import type { SyncLimits } from '../../../electron/engine/sync/limits';
import type { SyncProgress, SyncRunSummary } from '../../../shared/contract';
import { fixedClock } from '../../../shared/time';
import { startHostileService, type HostileScenario, type HostileService } from '../../helpers/hostileService';
import { countRows, dbOf, engineOnKeptStore, type KeptStore } from '../../helpers/storeRows';

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
  /** The engine's store: a file on SQLite, a database of its own on PostgreSQL (ENGINE_DIALECT). */
  where: KeptStore['where'];
  /** Rows stored per table for a day (transactions by business date, GL rows and batches by date). */
  stored(day: string): Promise<{ transactions: number; glBatches: number; batches: number }>;
  databaseBytes(): Promise<number>;
  close(): Promise<void>;
}

export async function syncAgainstHostile(
  scenario: HostileScenario,
  options: { tuning?: ClientTuning; limits?: Partial<SyncLimits> } = {},
): Promise<HostileRun> {
  const service = await startHostileService(scenario, BAD_DAY);
  const folder = mkdtempSync(join(tmpdir(), 'recon-hostile-'));
  const { engine, store } = await engineOnKeptStore(folder, {
    host: 'direct',
    clock: fixedClock(NOW),
    credentials: memoryCredentialStore({ token: service.token, secret: service.secret }),
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
  return {
    service,
    engine,
    run,
    progress,
    ms,
    where: store.where,
    stored: async (day) => ({
      transactions: await countRows(engine, 'transactions', { business_date: day }),
      glBatches: await countRows(engine, 'gl_batches', { date: day }),
      batches: await countRows(engine, 'batches', { date: day }),
    }),
    async databaseBytes() {
      const { databasePath } = store.where;
      if (databasePath) {
        await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(dbOf(engine));
        return statSync(databasePath).size;
      }
      const { rows } = await sql<{ bytes: number }>`SELECT pg_database_size(current_database()) AS bytes`.execute(
        dbOf(engine),
      );
      return Number(rows[0]!.bytes);
    },
    async close() {
      await engine.close();
      await service.close();
      await store.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
