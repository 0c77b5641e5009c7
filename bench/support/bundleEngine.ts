/**
 * A bench bundled as the app ships its engine: the bench's own entry and the engine's worker entries,
 * named as electron.vite.config.ts names them so the bundled engine finds its workers (checkpoints,
 * backups, the sync's fetches). Written beside node_modules, so the packages left outside resolve.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const engine = fileURLToPath(new URL('../../electron/engine', import.meta.url));

/** Bundles `entries` (name -> source file) with the engine's workers into `outdir`. */
export async function bundleWithEngineWorkers(entries: Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints: {
      ...entries,
      storeCheckpointWorker: join(engine, 'store', 'workers', 'checkpointWorker.ts'),
      storeBackupWorker: join(engine, 'store', 'workers', 'backupWorker.ts'),
      syncFetchWorker: join(engine, 'sync', 'fetchWorker.ts'),
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    logLevel: 'warning',
  });
}
