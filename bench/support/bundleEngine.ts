/**
 * A bench bundled as the app ships its engine: the bench's own entry and the engine's worker entries,
 * named as electron.vite.config.ts names them so the bundled engine finds its workers (checkpoints,
 * backups, the sync's fetches). Written beside node_modules, so the packages left outside resolve.
 */
import { spawnSync } from 'node:child_process';
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

/**
 * Runs the bench `benchFile` bundled as the app ships its engine, in a process of its own: bundled
 * beside node_modules (so the packages the bundle leaves outside resolve) under `name`, with `env`
 * added (what tells the bundled run it is the one to measure, where its results go).
 */
export async function runBundledBench(
  name: string,
  benchFile: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<void> {
  const dir = fileURLToPath(new URL(`../../node_modules/.cache/${name}`, import.meta.url));
  await bundleWithEngineWorkers({ [name]: benchFile }, dir);
  const run = spawnSync(process.execPath, [...nodeFlags, join(dir, `${name}.js`)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`the bundled ${name} failed (exit ${run.status ?? run.signal})`);
}
