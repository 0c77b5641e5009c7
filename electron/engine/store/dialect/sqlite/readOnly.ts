/**
 * Opening a SQLite store for reading only (`district-recon status`), and what a read that meets a
 * damaged page says.
 *
 * `PRAGMA quick_check` reads every page: on a 300,000-transaction store it took three quarters of
 * `status`'s nine seconds. It is there so that nothing is written into a damaged file (DESIGN.md §3),
 * and a connection opened read-only cannot write at all, so a read-only open skips it. A damaged page
 * such a read meets, SQLite itself reports (SQLITE_CORRUPT): the bookkeeper is told in one line, and
 * the next open for writing (the app, `sync`) runs the check, moves the file aside and offers the
 * last backup.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS } from '../../migrations';
import { sqliteKysely } from './dialect';
import { sqliteHandles } from './handles';
import { newerVersionError, openStore, refuseWhatIsNotAStore, StoreError, type SqliteStore } from './open';

/** SQLite's codes for a file whose pages or header cannot be read as a database. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);

/**
 * An existing store on one read-only connection, both handles on it: SQLite refuses any write
 * through it. A store whose schema is behind this version needs its migrations written first, so
 * it is opened as for writing (checked, then migrated); a missing file is refused as openStore does.
 */
export async function openStoreForReading(path: string): Promise<SqliteStore> {
  if (path === ':memory:' || !existsSync(path)) return openStore(path, { create: false });
  refuseWhatIsNotAStore(path, false);
  let sqlite: BetterSqlite3.Database | null = null;
  let version: number;
  try {
    sqlite = new BetterSqlite3(path, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('temp_store = MEMORY');
    version = sqlite.pragma('user_version', { simple: true }) as number;
  } catch (error) {
    sqlite?.close();
    throw damagedDatabaseError(error, path) ?? error;
  }
  if (version < MIGRATIONS.length) {
    sqlite.close();
    return openStore(path, { create: false });
  }
  if (version > MIGRATIONS.length) {
    sqlite.close();
    throw newerVersionError(version);
  }
  const db = sqliteKysely(sqlite);
  return {
    ...sqliteHandles({ db, sqlite }),
    path,
    backupFolder: join(dirname(path), 'backups'),
    close: () => db.destroy(),
  };
}

/**
 * A SQLite error saying the file is damaged, as a StoreError a bookkeeper can act on; null for any
 * other error. The file is left where it is: moving it aside is the integrity check's decision, made
 * when it is next opened for writing.
 */
export function damagedDatabaseError(error: unknown, path: string): StoreError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !DAMAGE_CODES.has(code)) return null;
  const problem = error instanceof Error ? error.message : code;
  return new StoreError(
    `The database ${path} is damaged (${problem}); nothing was changed. Open District Recon or run ` +
      `"district-recon sync" to move it aside and restore the last automatic backup.`,
  );
}
