import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';
import { MIGRATIONS } from './migrations';

export interface Store {
  /** kysely for queries and schema. */
  db: Kysely<Database>;
  /** The raw connection, for the bulk paths that need compiled statements and for backup(). */
  sqlite: BetterSqlite3.Database;
  path: string;
  close(): Promise<void>;
}

export class StoreError extends Error {
  override readonly name = 'StoreError';
  readonly code = 'STORE';
}

/** Opens (creating if needed) and migrates the store. `:memory:` for tests. */
export async function openStore(path: string): Promise<Store> {
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    sqlite,
    path,
    close: () => db.destroy(),
  };
}

export async function migrate(db: Kysely<Database>): Promise<void> {
  const current = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0]?.user_version ?? 0;
  if (current > MIGRATIONS.length) {
    throw new StoreError(
      `This database was written by a newer version of District Recon (schema ${current}, this version knows ${MIGRATIONS.length}). Update the app to open it.`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    const migration = MIGRATIONS[version]!;
    await db.transaction().execute(async (trx) => {
      await migration.up(trx);
      await sql.raw(`PRAGMA user_version = ${version + 1}`).execute(trx);
    });
  }
}
