/**
 * A throwaway PostgreSQL cluster in a temporary folder, shared by the tests' global setup
 * (test/helpers/postgresCluster.ts) and the team bench. initdb and pg_ctl refuse to run as root, so
 * as root they run as the `postgres` user in a folder that user owns. Tuned for speed, not
 * durability: it holds nothing worth keeping.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/** Debian's PostgreSQL 15; RECON_POSTGRES_BIN names another install's bin folder (initdb, pg_ctl). */
export const POSTGRES_BIN = process.env.RECON_POSTGRES_BIN || '/usr/lib/postgresql/15/bin';

const run = promisify(execFile);

export interface ClusterState {
  /** Owned by the cluster's user: data/, the unix socket and the server log. */
  dir: string;
  /** The admin URL (user postgres, database postgres). */
  url: string;
}

/** Extra `-c name=value` settings (e.g. shared_buffers) override the defaults below. */
export async function startCluster(settings: Record<string, string> = {}): Promise<ClusterState> {
  const dir = mkdtempSync(join(tmpdir(), 'recon-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const configured = {
    synchronous_commit: 'off',
    full_page_writes: 'off',
    shared_buffers: '32MB',
    max_connections: '200',
    ...settings,
  };
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
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-h 127.0.0.1',
        '-F',
        ...Object.entries(configured).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' ');
      try {
        await pgTool(
          'pg_ctl',
          ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start'],
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

/** Stops the cluster at once (nothing in it is kept) and removes its folder. */
export async function stopCluster(dir: string): Promise<void> {
  try {
    await pgTool('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop'], process.getuid?.() === 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs one statement on the admin URL (CREATE DATABASE cannot run in a transaction or a pool). */
export async function asAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The URL of a new empty database `name` on the cluster whose admin URL is `adminUrl`. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await asAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
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
