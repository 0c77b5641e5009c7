/**
 * The CLI as a bookkeeper runs it: a child process, in a folder of its own. On this run's build of
 * the CLI (test/helpers/cliBundle.ts) rather than electron/cli/bin.mjs, which loads the sources
 * through tsx for seconds each time; test/cli/bin.test.ts runs bin.mjs itself.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../../electron/engine/store/dialect';
import { openPostgresEngineStore } from '../../electron/engine/store/dialect';
import { createMigratedTestDatabase, createPostgresTestDatabase, ENGINE_DIALECT } from '../helpers/postgres';
import type { Database } from '../../electron/engine/store/schema';
import { seedDistrict } from '../engine/reconcile/fixtures';
import { bundledEntry } from '../helpers/bundledEntry';
import { afterThisFile } from '../helpers/fileCleanup';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end with RECON_DATA_DIR = `folder`. */
export function runCli(args: string[], folder: string, timeout = 60_000): CliResult {
  const result = spawnSync(process.execPath, [bundledEntry('cli'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, RECON_DATA_DIR: folder },
    timeout,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
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
