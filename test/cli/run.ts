/**
 * The CLI as a bookkeeper runs it, in a folder of its own: `runCli` in a child process on this run's
 * build of the CLI (test/helpers/cliBundle.ts), `runCliInProcess` its main() in this process.
 * A child spends about 1.5 s of CPU loading the engine's modules before it does anything (exceljs,
 * pdfkit, zod, kysely), most of the CLI tests' time on CI's two cores; the test worker has them
 * loaded already. What a test of printed text and exit codes needs is the same either way: the
 * command's arguments, RECON_DATA_DIR, no terminal, and what it writes to stdout and stderr.
 * Signals, stdin, servers and bin.mjs itself stay with real processes (test/cli/bin.test.ts), and
 * so does a command run while the test holds the same SQLite file open (one thread cannot wait for itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { main } from '../../electron/cli/main';
import { openStore, type Store } from '../../electron/engine/store/dialect';
import { openPostgresEngineStore } from '../../electron/engine/store/dialect';
import { createMigratedTestDatabase, createPostgresTestDatabase, ENGINE_DIALECT } from '../helpers/postgres';
import type { Database } from '../../electron/engine/store/schema';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { afterThisFile } from '../helpers/fileCleanup';
import type { CliResult } from './spawnedCli';

export { runCli, type CliResult } from './spawnedCli';

/**
 * Runs the CLI's main() to its end in this process, with RECON_DATA_DIR = `folder` (and `env`) and
 * no terminal.
 */
export async function runCliInProcess(
  args: string[],
  folder: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  const captured = { stdout: '', stderr: '' };
  const restore = [
    capture(process.stdout, (text) => (captured.stdout += text)),
    capture(process.stderr, (text) => (captured.stderr += text)),
    // A child's stdin is an empty pipe: no terminal to prompt at.
    notATerminal(process.stdin),
    ...Object.entries({ ...env, RECON_DATA_DIR: folder }).map(([name, value]) => withEnv(name, value)),
  ];
  try {
    const code = await main(args);
    return { code, ...captured };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

/** `stream`'s writes go to `into` (as a pipe's would: not a terminal) until the returned undo. */
function capture(stream: NodeJS.WriteStream, into: (text: string) => void): () => void {
  const write = stream.write;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    into(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    if (done) queueMicrotask(done);
    return true;
  }) as typeof stream.write;
  const undoTerminal = notATerminal(stream);
  return () => {
    stream.write = write;
    undoTerminal();
  };
}

function notATerminal(stream: { isTTY?: boolean }): () => void {
  const own = Object.getOwnPropertyDescriptor(stream, 'isTTY');
  Object.defineProperty(stream, 'isTTY', { value: undefined, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(stream, 'isTTY', own);
    else delete stream.isTTY;
  };
}

function withEnv(name: string, value: string): () => void {
  const before = process.env[name];
  process.env[name] = value;
  return () => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  };
}

/** Writes a database file holding the small district (and what `more` adds), closed for the CLI to open. */
export async function writeDistrictDb(file: string, more?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  await seedDistrictInto(await openStore(file), more);
}

async function seedDistrictInto(store: Store, more?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  try {
    await seedDistrict(store.writer.db);
    await more?.(store.writer.db);
  } finally {
    await store.close();
  }
}

/**
 * A folder for a describe block's CLI runs, made now and removed after the block, holding `dbFile`:
 * the small district, written before the block's first test.
 */
export function districtFolder(prefix: string): { folder: string; dbFile: string; database: () => CliDatabase } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const dbFile = join(folder, 'district-recon.sqlite');
  let database: CliDatabase | undefined;
  beforeAll(async () => {
    await writeDistrictDb(dbFile);
    // The file is the district on SQLite; on PostgreSQL the same district goes to a database too.
    database = ENGINE_DIALECT === 'sqlite' ? onFile(dbFile) : await districtCliDatabase(folder, 'district');
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return {
    folder,
    dbFile,
    database: () => {
      if (!database) throw new Error('The district database is written in beforeAll: use it inside a test.');
      return database;
    },
  };
}

/**
 * The database flags of a CLI test: `--db FILE` in `folder`, or on the PostgreSQL run
 * (ENGINE_DIALECT) `--database URL` of a fresh database, dropped after the test file.
 */
export interface CliDatabase {
  /** `--db FILE` or `--database URL`. */
  args: string[];
  /** What `status` prints after "Database: ". */
  shown: string;
  /** The same database for an engine the test opens itself. */
  engine: { databasePath: string } | { databaseUrl: string };
}

/** An empty database: a file not yet there, or a PostgreSQL database with no tables. */
export async function emptyCliDatabase(folder: string, name: string): Promise<CliDatabase> {
  if (ENGINE_DIALECT === 'sqlite') {
    return onFile(join(folder, `${name}.sqlite`));
  }
  const database = await createPostgresTestDatabase();
  afterThisFile(database.drop);
  return onServer(database.url);
}

/** A database holding the small district (and what `more` adds), closed for the CLI to open. */
export async function districtCliDatabase(
  folder: string,
  name: string,
  more?: (db: Kysely<Database>) => Promise<void>,
): Promise<CliDatabase> {
  if (ENGINE_DIALECT === 'sqlite') {
    const file = join(folder, `${name}.sqlite`);
    await writeDistrictDb(file, more);
    return onFile(file);
  }
  const database = await createMigratedTestDatabase();
  afterThisFile(database.drop);
  await seedDistrictInto(await openPostgresEngineStore(database.url), more);
  return onServer(database.url);
}

const onFile = (file: string): CliDatabase => ({ args: ['--db', file], shown: file, engine: { databasePath: file } });
const onServer = (url: string): CliDatabase => ({
  args: ['--database', url],
  shown: url,
  engine: { databaseUrl: url },
});
