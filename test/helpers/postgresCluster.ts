/**
 * A throwaway PostgreSQL 15 cluster for one test run: vitest's globalSetup for the node project.
 *
 * Started lazily, by the first test file that asks for a database (most runs need none and should
 * not pay for initdb), and at most once per run: test files run in several worker processes, so
 * the first to create the lock folder starts it and the others wait for its URL file. The global
 * teardown stops and removes it. initdb and pg_ctl refuse to run as root, so as root they run as
 * the `postgres` user in a folder that user owns.
 */
import { execFile, execFileSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for the lazily started cluster's lock and URL (see ensureCluster). */
    postgresRunDir: string;
  }
}

/** Debian's PostgreSQL 15; RECON_POSTGRES_BIN names another install's bin folder (initdb, pg_ctl). */
export const POSTGRES_BIN = process.env.RECON_POSTGRES_BIN || '/usr/lib/postgresql/15/bin';

const run = promisify(execFile);
const STATE = 'cluster.json';
const FAILED = 'failed.txt';
const LOCK = 'starting';

interface ClusterState {
  /** Owned by the cluster's user: data/, the unix socket and the server log. */
  dir: string;
  url: string;
}

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

async function startCluster(): Promise<ClusterState> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  try {
    await pgTool(
      'initdb',
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync', '--no-instructions'],
      asRoot,
    );
    // A port free a moment ago can be taken before the server binds it: try a few.
    let lastError: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      const settings = [
        `-p ${port}`,
        `-k ${dir}`,
        '-h 127.0.0.1',
        '-F',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c shared_buffers=32MB',
        '-c max_connections=200',
      ].join(' ');
      try {
        await pgTool(
          'pg_ctl',
          ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings, 'start'],
          asRoot,
        );
        return { dir, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError;
  } catch (error) {
    const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8').slice(-2000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}${log ? `\nserver log:\n${log}` : ''}`);
  }
}

async function stopCluster(dir: string): Promise<void> {
  try {
    await pgTool('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'], process.getuid?.() === 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function pgTool(tool: string, args: string[], asRoot: boolean): Promise<void> {
  const binary = join(POSTGRES_BIN, tool);
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    // cwd: the postgres user cannot read root's working folder, and initdb complains.
    await run(command, commandArgs, { cwd: '/', timeout: 90_000 });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${tool} failed: ${(stderr || stdout || (error as Error).message).trim()}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
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
