/**
 * A throwaway PostgreSQL 15 cluster for one test run: vitest's globalSetup for the node project.
 *
 * Started lazily, by the first test file that asks for a database (most runs need none and should
 * not pay for initdb), and at most once per run: test files run in several worker processes, so
 * the first to create the lock folder starts it and the others wait for its URL file. The global
 * teardown stops and removes it. Starting and stopping: scripts/postgresCluster.ts (the bench uses it too).
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

const STATE = 'cluster.json';
const FAILED = 'failed.txt';
const LOCK = 'starting';

export default function setup(project: TestProject): () => Promise<void> {
  const runDir = mkdtempSync(join(tmpdir(), 'recon-pg-run-'));
  project.provide('postgresRunDir', runDir);
  return async () => {
    const state = readState(runDir);
    if (state) await stopCluster(state.dir);
    rmSync(runDir, { recursive: true, force: true });
  };
}

/** The cluster's admin URL, starting the cluster if no worker has yet. */
export async function ensureCluster(runDir: string): Promise<string> {
  let starter = false;
  try {
    mkdirSync(join(runDir, LOCK));
    starter = true;
  } catch {
    // Another worker is starting it.
  }
  if (starter) {
    try {
      const state = await startCluster();
      writeAtomically(join(runDir, STATE), JSON.stringify(state));
      return state.url;
    } catch (error) {
      writeAtomically(join(runDir, FAILED), (error as Error).message);
      throw error;
    }
  }
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const state = readState(runDir);
    if (state) return state.url;
    if (existsSync(join(runDir, FAILED)))
      throw new Error(`The test PostgreSQL cluster failed to start: ${readFileSync(join(runDir, FAILED), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Timed out after 120 s waiting for another test worker to start the test PostgreSQL cluster.');
}

function readState(runDir: string): ClusterState | null {
  try {
    return JSON.parse(readFileSync(join(runDir, STATE), 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

function writeAtomically(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}
