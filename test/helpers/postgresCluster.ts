/**
 * A throwaway PostgreSQL 15 cluster for one test run: vitest's globalSetup for the node projects.
 *
 * Started lazily, by the first test file that asks for a database (most runs need none and should
 * not pay for initdb), and at most once per run: test files run in several worker processes, so
 * the first to create the lock folder starts it and the others wait for its URL file. Both node
 * projects run this setup in the one vitest process and share the run's folder, so one cluster
 * serves them both; the last project's teardown stops and removes it. Starting and stopping:
 * scripts/postgresCluster.ts (the bench uses it too).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCluster, stopCluster, type ClusterState } from '../../scripts/postgresCluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the lazily started cluster's lock and URL (see ensureCluster). */
    postgresRunDir: string;
  }
}

export { POSTGRES_BIN } from '../../scripts/postgresCluster';

// The run's folder, shared by the projects set up in this process; `users` counts those not yet torn down.
const shared = globalThis as { reconPostgresRun?: { dir: string; users: number } };

export default function setup(project: TestProject): () => Promise<void> {
  shared.reconPostgresRun ??= { dir: mkdtempSync(join(tmpdir(), 'recon-pg-run-')), users: 0 };
  const run = shared.reconPostgresRun;
  run.users += 1;
  project.provide('postgresRunDir', run.dir);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    shared.reconPostgresRun = undefined;
    const state = readState(run.dir);
    if (state) await stopCluster(state.dir);
    rmSync(run.dir, { recursive: true, force: true });
  };
}

/**
 * The run's cluster holds hundreds of short-lived databases. Autovacuum's workers fork into each of
 * them in turn (costly processes on this machine) for tables a test drops a moment later; the engine
 * runs the ANALYZE its plans need itself (dialect.refreshStatistics), so no test waits on autovacuum.
 * JIT compiles a query that is expensive only to a planner without statistics. wal_level minimal:
 * nothing replicates from it, so tables created and filled in one transaction skip the log.
 */
const TEST_SETTINGS = { autovacuum: 'off', jit: 'off', wal_level: 'minimal', max_wal_senders: '0' };

/** The cluster's admin URL, starting the cluster if no worker has yet. */
export async function ensureCluster(runDir: string): Promise<string> {
  const state = await oncePerRun(runDir, 'cluster', async () => JSON.stringify(await startCluster(TEST_SETTINGS)));
  return (JSON.parse(state) as ClusterState).url;
}

/**
 * What `make` returns, made once for the whole run: the first worker to create `what`'s lock folder
 * makes it and writes it to the run's folder; the others wait for that file (or for the failure).
 */
export async function oncePerRun(
  runDir: string,
  what: string,
  make: () => Promise<string>,
  { waitMs = 120_000 }: { waitMs?: number } = {},
): Promise<string> {
  const result = join(runDir, `${what}.txt`);
  const failed = join(runDir, `${what}.failed.txt`);
  let maker = false;
  try {
    mkdirSync(join(runDir, `${what}.making`));
    maker = true;
  } catch {
    // Another worker is making it.
  }
  if (maker) {
    try {
      const made = await make();
      writeAtomically(result, made);
      return made;
    } catch (error) {
      writeAtomically(failed, (error as Error).message);
      throw error;
    }
  }
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (existsSync(result)) return readFileSync(result, 'utf8');
    if (existsSync(failed))
      throw new Error(`The test run's ${what} failed in another worker: ${readFileSync(failed, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out after ${waitMs / 1000} s waiting for another test worker to make the test run's ${what}.`);
}

function readState(runDir: string): ClusterState | null {
  try {
    return JSON.parse(readFileSync(join(runDir, 'cluster.txt'), 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

function writeAtomically(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}
