/**
 * What a test reads from an engine's tables, through kysely so it reads the same on SQLite and on
 * PostgreSQL (ENGINE_DIALECT): every row of a table, or how many match some columns.
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { EngineOptions } from '../../electron/engine/context';
import { openStore, openPostgresStore } from '../../electron/engine/store/dialect';
import type { Database } from '../../electron/engine/store/schema';
import {
  copyDatabase,
  createMigratedTestDatabase,
  dropTestDatabase,
  ENGINE_DIALECT,
  TEST_DATABASE_CONNECTIONS,
} from './postgres';

export interface HasStore {
  internals: { store: { writer: { db: Kysely<Database> } } };
}

type Table = keyof Database & string;
type Row = Record<string, unknown>;

/** The engine's write connection (kysely), for seeding rows and reading them back. */
export function dbOf(engine: HasStore): Kysely<Database> {
  return engine.internals.store.writer.db;
}

/** Every row of `table` (all columns, as stored), ordered by the given columns. */
export async function tableRows(engine: HasStore, table: Table, orderBy: string[] = []): Promise<Row[]> {
  const order = orderBy.length ? sql` ORDER BY ${sql.join(orderBy.map((c) => sql.ref(c)))}` : sql``;
  const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)}${order}`.execute(dbOf(engine));
  return rows;
}

/** How many rows of `table` have the given column values (all rows when none is given). */
export async function countRows(engine: HasStore, table: Table, where: Row = {}): Promise<number> {
  const conditions = Object.entries(where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const filter = conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const { rows } = await sql<{ n: number | string }>`SELECT count(*) AS n FROM ${sql.table(table)}${filter}`.execute(
    dbOf(engine),
  );
  return Number(rows[0]!.n);
}

/**
 * A store that outlives the engines opened on it, for tests that close an engine and open another
 * on the same data: a file in `folder` on SQLite, a migrated database of its own on PostgreSQL
 * (removed by drop(), after the last engine on it has closed).
 */
export async function keptStore(folder: string, name = 'district-recon'): Promise<KeptStore> {
  if (ENGINE_DIALECT === 'sqlite') return sqliteKept(join(folder, `${name}.sqlite`));
  const database = await createMigratedTestDatabase();
  return postgresKept(database.url, () => database.drop());
}

export interface KeptStore {
  /** Engine options naming the store. */
  where: Pick<EngineOptions, 'databasePath' | 'databaseUrl'>;
  /** The file's path or the database's URL: how a child process is told where the store is. */
  location: string;
  drop(): Promise<void>;
}

/**
 * A copy of `store` as it is now (the file copied; on PostgreSQL CREATE DATABASE … TEMPLATE), for
 * a test that starts several runs from one prepared state. No engine may have `store` open.
 */
export async function copyKeptStore(store: KeptStore, folder: string, name: string): Promise<KeptStore> {
  const { databasePath, databaseUrl } = store.where;
  if (databasePath) {
    const copy = join(folder, `${name}.sqlite`);
    copyFileSync(databasePath, copy);
    return sqliteKept(copy);
  }
  const source = new URL(databaseUrl!);
  const copy = new URL(source.href);
  copy.pathname = `/${source.pathname.slice(1)}_${name}`.toLowerCase();
  await copyDatabase(source.pathname.slice(1), copy.pathname.slice(1));
  return postgresKept(copy.href, () => dropTestDatabase(copy.pathname.slice(1)));
}

/** The store's tables through kysely, with no engine: for checks after the engine's process is gone. */
export async function openKeptStore(store: KeptStore): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const { databasePath, databaseUrl } = store.where;
  if (databasePath) {
    const file = await openStore(databasePath);
    return { db: file.writer.db, close: () => file.close() };
  }
  const server = await openPostgresStore(databaseUrl!, { migrate: false });
  return { db: server.writer, close: () => server.close() };
}

function sqliteKept(path: string): KeptStore {
  return { where: { databasePath: path }, location: path, drop: async () => {} };
}

function postgresKept(url: string, drop: () => Promise<void>): KeptStore {
  return { where: { databasePath: undefined, databaseUrl: url }, location: url, drop };
}

/** An engine (version "test", silent) on a kept store of its own in `folder`; drop the store after closing it. */
export async function engineOnKeptStore(
  folder: string,
  options: Omit<EngineOptions, 'version' | 'dataFolder' | 'databasePath' | 'databaseUrl'>,
) {
  const { createEngineWithInternals } = await import('../../electron/engine/engine');
  const { silentLogger } = await import('../../electron/engine/logger');
  const store = await keptStore(folder);
  const engine = await createEngineWithInternals({
    version: 'test',
    dataFolder: folder,
    ...store.where,
    databaseConnections: TEST_DATABASE_CONNECTIONS,
    logger: silentLogger,
    ...options,
  });
  return { engine, store };
}
