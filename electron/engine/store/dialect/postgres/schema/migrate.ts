/**
 * Brings a PostgreSQL database to the engine's schema: the baseline (SQLite's version 9 in one
 * step, see baseline.ts), then the shared migrations from 010 on, all in one transaction under an
 * advisory lock. Two servers started at once both call this; the second waits for the lock, then
 * finds the schema current and does nothing. A failure leaves the database as it was.
 */
import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from '../../../migrations';
import { StoreError } from '../../sqlite/open';
import type { Database } from '../../../schema';
import { BASELINE_EXTENSIONS, BASELINE_NAME, BASELINE_STATEMENTS, BASELINE_VERSION } from './baseline';
import { MIGRATION_LOCK } from '../locks';

/** Where the schema version lives (SQLite keeps it in PRAGMA user_version). */
export const VERSION_TABLE = 'schema_version';

export interface MigrateOptions {
  /** Stop at this version (tests compare the baseline alone with SQLite's 9). Default: the latest. */
  target?: number;
}

export interface MigrateResult {
  from: number;
  to: number;
  /** The versions this call applied: empty when another server had already done it. */
  applied: number[];
}

export async function migratePostgres(db: Kysely<Database>, options: MigrateOptions = {}): Promise<MigrateResult> {
  const target = options.target ?? MIGRATIONS.length;
  if (target < BASELINE_VERSION || target > MIGRATIONS.length)
    throw new StoreError(
      `Cannot migrate PostgreSQL to schema ${target}: versions ${BASELINE_VERSION} to ${MIGRATIONS.length} exist.`,
    );
  return db.transaction().execute(async (trx) => {
    // Held to the end of this transaction: a second migrator waits here, then reads the new version.
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK.namespace}, ${MIGRATION_LOCK.key})`.execute(trx);
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS ${VERSION_TABLE} (
           version INTEGER PRIMARY KEY,
           name TEXT NOT NULL,
           applied_at TEXT NOT NULL
         )`,
      )
      .execute(trx);
    const from = await currentVersion(trx);
    if (from > MIGRATIONS.length)
      throw new StoreError(
        `This database was written by a newer version of District Recon (schema ${from}, this version knows ${MIGRATIONS.length}). Update the server to use it.`,
      );
    const applied: number[] = [];
    if (from === 0) {
      await createBaseline(trx);
      await record(trx, BASELINE_VERSION, BASELINE_NAME);
      applied.push(BASELINE_VERSION);
    }
    for (let version = Math.max(from, BASELINE_VERSION); version < target; version++) {
      const migration = MIGRATIONS[version]!;
      await migration.up(trx);
      await record(trx, version + 1, migration.name);
      applied.push(version + 1);
    }
    return { from, to: Math.max(from, target), applied };
  });
}

/** 0 for a database District Recon has never migrated. */
export async function currentVersion(db: Kysely<Database>): Promise<number> {
  const exists = await sql<{ name: string | null }>`SELECT to_regclass(${VERSION_TABLE}) AS name`.execute(db);
  if (exists.rows[0]?.name === null) return 0;
  const row = await sql<{
    version: number | null;
  }>`SELECT max(version) AS version FROM ${sql.table(VERSION_TABLE)}`.execute(db);
  return row.rows[0]?.version ?? 0;
}

async function createBaseline(db: Kysely<Database>): Promise<void> {
  for (const extension of BASELINE_EXTENSIONS) {
    try {
      await sql.raw(`CREATE EXTENSION IF NOT EXISTS ${extension}`).execute(db);
    } catch (error) {
      throw new StoreError(
        `PostgreSQL refused to add the ${extension} extension (${(error as Error).message}). Connect as the database's owner, or ask its administrator to run CREATE EXTENSION ${extension}; in it.`,
      );
    }
  }
  for (const statement of BASELINE_STATEMENTS) await sql.raw(statement).execute(db);
}

async function record(db: Kysely<Database>, version: number, name: string): Promise<void> {
  await sql`INSERT INTO ${sql.table(VERSION_TABLE)} (version, name, applied_at) VALUES (${version}, ${name}, ${new Date().toISOString()})`.execute(
    db,
  );
}
