/** A blank in-memory database to run the migrations on step by step (a test per data migration). */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { MIGRATIONS } from '../../electron/engine/store/migrations';
import type { Database } from '../../electron/engine/store/schema';

export function blankDb(): { sqlite: BetterSqlite3.Database; db: Kysely<Database> } {
  const sqlite = new BetterSqlite3(':memory:');
  return { sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
}

/** The schema version right after the named migration. */
export function versionAfter(name: string): number {
  return MIGRATIONS.findIndex((m) => m.name === name) + 1;
}

/** Runs the first `version` migrations on a blank database, as an older app would have left it. */
export async function migrateTo(db: Kysely<Database>, version: number): Promise<void> {
  for (const migration of MIGRATIONS.slice(0, version)) await migration.up(db);
  await sql.raw(`PRAGMA user_version = ${version}`).execute(db);
}
