/**
 * `district-recon serve` in a process of its own, as a district runs it: on a database file
 * (`--db FILE`) or a PostgreSQL database (`--database URL`). Several on one database are several
 * servers. Separate processes on purpose: two engines in one process share one thread, and SQLite's
 * busy wait would block the very transaction it waits for. The CLI is this run's build of it
 * (test/helpers/cliBundle.ts), started with plain node.
 */
import { spawn } from 'node:child_process';
import { bundledEntry } from './bundledEntry';

export interface ServeProcess {
  port: number;
  /** http://127.0.0.1:PORT */
  url: string;
  /** SIGTERM, as systemd stops it; resolves once the process has exited. */
  close(): Promise<void>;
}

/** Resolves once the server says where it listens; rejects with its stderr if it exits first. */
export function startServe(database: string | string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const databaseArgs = typeof database === 'string' ? ['--db', database] : database;
  // No service credentials unless a test gives some: a server must not reach for this machine's.
  const child = spawn(process.execPath, [bundledEntry('cli'), 'serve', ...databaseArgs, '--port', '0'], {
    env: { ...process.env, RECON_TOKEN: '', RECON_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /district server: (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
      if (match) resolve({ url: match[1]!, port: Number(match[2]), close });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`serve exited (${code ?? signal}) before listening: ${err}`)),
    );
  });
}

/** `count` servers on one database, started together; if one fails to start, the others are stopped. */
export async function startServers(
  database: string | string[],
  count: number,
  env: Record<string, string> = {},
): Promise<ServeProcess[]> {
  const settled = await Promise.allSettled(Array.from({ length: count }, () => startServe(database, env)));
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((server) => server.close()));
    throw failed.reason;
  }
  return started;
}
