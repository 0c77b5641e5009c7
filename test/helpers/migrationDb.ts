/** A blank in-memory database to run the migrations on step by step (a test per data migration). */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach } from 'vitest';
import { MIGRATIONS } from '../../electron/engine/store/migrations';
import type { Database } from '../../electron/engine/store/schema';

export interface BlankDb {
  sqlite: BetterSqlite3.Database;
  db: Kysely<Database>;
}

export function blankDb(): BlankDb {
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

/**
 * For the tests of one migration: `const beforeIt = migrationUnderTest('008_reversals')`, then in
 * a test `const { sqlite, db } = await beforeIt()` gives a database as the app left it just before
 * that migration (closed when the test ends); `version` is the schema version right after it.
 */
export function migrationUnderTest(name: string): () => Promise<BlankDb & { version: number }> {
  const version = versionAfter(name);
  const open: BlankDb[] = [];
  afterEach(async () => {
    for (const { db } of open.splice(0)) await db.destroy();
  });
  return async () => {
    if (version === 0) throw new Error(`No migration is named ${name}: name one of store/migrations' MIGRATIONS.`);
    const blank = blankDb();
    open.push(blank);
    await migrateTo(blank.db, version - 1);
    return { ...blank, version };
  };
}
