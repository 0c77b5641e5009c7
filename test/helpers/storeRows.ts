/**
 * What a test reads from an engine's tables, through kysely so it reads the same on SQLite and on
 * PostgreSQL (ENGINE_DIALECT): every row of a table, or how many match some columns.
 */
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { EngineOptions } from '../../electron/engine/context';
import type { Database } from '../../electron/engine/store/schema';
import { createMigratedTestDatabase, ENGINE_DIALECT } from './postgres';

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
export async function keptStore(folder: string): Promise<KeptStore> {
  if (ENGINE_DIALECT === 'sqlite')
    return { where: { databasePath: join(folder, 'district-recon.sqlite') }, drop: async () => {} };
  const database = await createMigratedTestDatabase();
  return { where: { databasePath: undefined, databaseUrl: database.url }, drop: () => database.drop() };
}

export interface KeptStore {
  /** Engine options naming the store. */
  where: Pick<EngineOptions, 'databasePath' | 'databaseUrl'>;
  drop(): Promise<void>;
}
