import { closeSync, existsSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { centralFileStamp, Temporal } from '../../../../../shared/time';
import type { Database } from '../../schema';
import { MIGRATIONS } from '../../migrations';
import { latestBackup } from '../../workers/backup';
import type { ReadableDB, WritableDB } from '../../work/handles';
import { sqliteHandles } from './handles';
import { sqliteKysely } from './dialect';

export interface Store {
  /** Lists, gets, counts, overview: cannot write. */
  reader: ReadableDB;
  /** Sync, sign-off, settings, exports' registry: everything that changes data. */
  writer: WritableDB;
  /** The SQLite file (`:memory:` for tests), or a PostgreSQL URL without its password. */
  path: string;
  /** `<folder of the database>/backups`, or null for `:memory:` and PostgreSQL (backed up by pg_dump). */
  backupFolder: string | null;
  /**
   * PostgreSQL only: runs `work` if no other server leads `name` now (null at once otherwise), so
   * any number of district servers on one database run the sync once. A SQLite file has one host.
   */
  lead?: Lead;
  /** PostgreSQL only: the changes of data each server on the database makes, told to the others. */
  announcements?: Announcements;
  close(): Promise<void>;
}

export interface Announcements {
  /** Tells the other servers that this one changed data of these scopes (after it committed). */
  announce(scopes: readonly string[]): Promise<void>;
  /**
   * Calls `heard` with the scopes another server changed; with null when the listening connection
   * was lost and is back, since changes made meanwhile were not heard (treat everything as changed).
   */
  listen(heard: (scopes: readonly string[] | null) => void): Promise<() => Promise<void>>;
}

export type Lead = <T>(name: string, work: (lost: AbortSignal) => Promise<T>) => Promise<T | null>;

/** A store on a SQLite file: its handles carry the raw connection. */
export type SqliteStore = Store & ReturnType<typeof sqliteHandles>;

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code = 'STORE';
}

/** The file failed its integrity check and was moved aside; the message says where and what to do. */
export class StoreDamagedError extends StoreError {
  constructor(
    message: string,
    readonly damagedPath: string,
    readonly movedTo: string,
    readonly lastBackup: string | null,
  ) {
    super(message);
  }
}

export interface OpenOptions {
  /** false: a missing file is an error naming it (reads must not create a database). Default true. */
  create?: boolean;
}

/** Opens (creating it only if allowed), checks and migrates the store. `:memory:` for tests. */
export async function openStore(path: string, options: OpenOptions = {}): Promise<SqliteStore> {
  if (path !== ':memory:') refuseWhatIsNotAStore(path, options.create ?? true);
  const backupFolder = path === ':memory:' ? null : join(dirname(path), 'backups');
  const sqlite = openChecked(path, backupFolder);
  const db = sqliteKysely(sqlite);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  if (path === ':memory:') return { ...sqliteHandles({ db, sqlite }), path, backupFolder, close: () => db.destroy() };
  const readSqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
  readSqlite.pragma('busy_timeout = 5000');
  readSqlite.pragma(`cache_size = ${PAGE_CACHE_SIZE}`);
  readSqlite.pragma('temp_store = MEMORY');
  const readDb = sqliteKysely(readSqlite);
  return {
    ...sqliteHandles({ db, sqlite }, { db: readDb, sqlite: readSqlite }),
    path,
    backupFolder,
    close: async () => {
      await readDb.destroy();
      await db.destroy();
    },
  };
}

/**
 * Each connection's page cache, in KiB (SQLite reads a negative cache_size as KiB). better-sqlite3
 * builds SQLite with 16 MB, and a connection keeps what it fills: the open's quick check and the
 * checks' read filled the writer's on a year's bank store (an engine opened at 139 MB; 127 MB with
 * 2 MB caches), and a full sync filled both. At 4 MB the sync's peak RSS at BENCH_SCALE=0.1 was
 * 334 MB against 399 MB, its CPU time no higher (24.9 s against 27.4 s): the file's pages it reads
 * again come from the system's file cache, and the writes' hot index pages fit.
 */
export const PAGE_CACHE_SIZE = -4_000;

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Refuses, untouched, what cannot be a store: a missing file when creating is not allowed, a
 * folder, a file that is not SQLite at all (a mistyped --db pointing at a CSV must never be moved
 * aside as "damaged"). Only a SQLite file that fails its check is moved aside.
 */
export function refuseWhatIsNotAStore(path: string, create: boolean): void {
  let info;
  try {
    info = statSync(path);
  } catch {
    if (!create) {
      throw new StoreError(
        `There is no database at ${path}. Check the path, or run "district-recon sync" to create one.`,
      );
    }
    if (!existsSync(dirname(path))) {
      throw new StoreError(`The folder ${dirname(path)} does not exist, so no database can be created at ${path}.`);
    }
    return;
  }
  if (info.isDirectory())
    throw new StoreError(`${path} is a folder, not a database file. Give the database file's path.`);
  if (info.size === 0) return;
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) {
    throw new StoreError(
      `${path} is not a District Recon database (it is not a SQLite file); it was left untouched. Check the path.`,
    );
  }
}

function openChecked(path: string, backupFolder: string | null): BetterSqlite3.Database {
  const existed = path !== ':memory:' && existsSync(path);
  let sqlite: BetterSqlite3.Database | null = null;
  let problem: string | null = null;
  try {
    sqlite = new BetterSqlite3(path);
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma(`cache_size = ${PAGE_CACHE_SIZE}`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    // Statement journals in memory: every write to transactions needs one (its search triggers and the
    // foreign keys of its items), and in temporary files they cost the sync ~40% of its write time.
    // They are small (one statement's changes); the views' queries sort by index, not in temp tables.
    sqlite.pragma('temp_store = MEMORY');
    if (existed) {
      const rows = sqlite.pragma('quick_check', { simple: false }) as Array<{ quick_check: string }>;
      const failures = rows.map((row) => row.quick_check).filter((line) => line !== 'ok');
      if (failures.length) problem = failures.slice(0, 3).join('; ');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (!existed || (code !== 'SQLITE_CORRUPT' && code !== 'SQLITE_NOTADB')) {
      sqlite?.close();
      throw error;
    }
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem === null) return sqlite!;
  sqlite?.close();
  throw moveAside(path, backupFolder, problem);
}

/** Renames the damaged file (and its WAL/SHM) with a timestamp, never over anything existing. */
function moveAside(path: string, backupFolder: string | null, problem: string): StoreDamagedError {
  const stamp = centralFileStamp(Temporal.Now.instant());
  let movedTo = `${path}.damaged-${stamp}`;
  for (let n = 2; existsSync(movedTo); n++) movedTo = `${path}.damaged-${stamp}-${n}`;
  renameSync(path, movedTo);
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
  }
  const backup = backupFolder ? latestBackup(backupFolder) : null;
  return new StoreDamagedError(
    `The database ${path} is damaged (${problem}). It was moved aside to ${movedTo}; nothing was deleted. ` +
      (backup
        ? `The last automatic backup is ${backup}: copy it to ${path} to restore, or start again and District Recon will sync a fresh copy.`
        : `There is no automatic backup yet; start again and District Recon will sync a fresh copy from the service.`),
    path,
    movedTo,
    backup,
  );
}

export function newerVersionError(version: number): StoreError {
  return new StoreError(
    `This database was written by a newer version of District Recon (schema ${version}, this version knows ${MIGRATIONS.length}). Update the app to open it.`,
  );
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const current = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]?.user_version ?? 0;
  if (current > MIGRATIONS.length) throw newerVersionError(current);
  for (let version = current; version < MIGRATIONS.length; version++) {
    const migration = MIGRATIONS[version]!;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx);
      await sql.raw(`PRAGMA user_version = ${version + 1}`).execute(trx);
    });
  }
}
