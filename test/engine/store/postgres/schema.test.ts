/**
 * The PostgreSQL baseline against SQLite's migrations: the same tables, columns (order, NOT NULL,
 * integer or text, defaults), keys, unique constraints, indexes and foreign keys, read from each
 * database's catalog, at version 9 (the baseline alone) and at the latest version (the baseline
 * plus the shared migrations run on PostgreSQL).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { openStore, BASELINE_VERSION, migratePostgres, VERSION_TABLE } from '../../../../electron/engine/store/dialect';
import type { Database } from '../../../../electron/engine/store/schema';
import { blankDb, migrateTo } from '../../../helpers/migrationDb';
import { describePostgres, usePostgresKysely } from '../../../helpers/postgres';

interface Column {
  name: string;
  type: 'integer' | 'text' | 'bytes';
  notNull: boolean;
  default: string | null;
}

interface Index {
  columns: string[];
  unique: boolean;
  partial: boolean;
}

interface Table {
  columns: Column[];
  primaryKey: string[];
  /** Unique constraints written in the table (not named indexes), as column lists. */
  unique: string[][];
  indexes: Record<string, Index>;
  foreignKeys: string[];
}

type Schema = Record<string, Table>;

/** The pg_trgm index standing in for SQLite's FTS5 table: asserted on its own below. */
const SEARCH_INDEX = 'transactions_search';

function sqliteSchema(sqlite: BetterSqlite3.Database): Schema {
  const tables = sqlite
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '${SEARCH_INDEX}%'`,
    )
    .pluck()
    .all() as string[];
  const schema: Schema = {};
  for (const table of tables) {
    const info = sqlite.pragma(`table_info(${table})`) as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>;
    const indexes = sqlite.pragma(`index_list(${table})`) as Array<{
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }>;
    const columnsOf = (index: string) =>
      (sqlite.pragma(`index_info(${index})`) as Array<{ seqno: number; name: string }>)
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
    const keys = sqlite.pragma(`foreign_key_list(${table})`) as Array<{
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }>;
    schema[table] = {
      columns: info.map((c) => ({
        name: c.name,
        type: /INT/i.test(c.type) ? 'integer' : /BLOB/i.test(c.type) ? 'bytes' : 'text',
        // A PRIMARY KEY column is never null in practice (SQLite's NULL-in-key quirk is not a feature).
        notNull: c.notnull === 1 || c.pk > 0,
        default: c.dflt_value,
      })),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      unique: indexes
        .filter((i) => i.origin === 'u')
        .map((i) => columnsOf(i.name))
        .sort(),
      indexes: Object.fromEntries(
        indexes
          .filter((i) => i.origin === 'c')
          .map((i) => [i.name, { columns: columnsOf(i.name), unique: i.unique === 1, partial: i.partial === 1 }]),
      ),
      foreignKeys: keys.map((k) => `${k.from} -> ${k.table}.${k.to} on delete ${k.on_delete.toLowerCase()}`).sort(),
    };
  }
  return schema;
}

async function postgresSchema(db: Kysely<Database>): Promise<Schema> {
  const tables = (
    await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> ${VERSION_TABLE}`.execute(db)
  ).rows.map((r) => r.name);
  const columns = (
    await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
    }>`
      SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`.execute(db)
  ).rows;
  const constraints = (
    await sql<{ table_name: string; constraint_type: string; constraint_name: string; columns: string[] }>`
      SELECT tc.table_name, tc.constraint_type, tc.constraint_name,
             array_agg(kcu.column_name::text ORDER BY kcu.ordinal_position) AS columns
      FROM information_schema.table_constraints tc
      JOIN information_schema.key_column_usage kcu
        ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
      WHERE tc.table_schema = 'public' AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE')
      GROUP BY tc.table_name, tc.constraint_type, tc.constraint_name`.execute(db)
  ).rows;
  // Indexes created as such, not the ones backing a PRIMARY KEY or UNIQUE constraint.
  const indexes = (
    await sql<{ table_name: string; name: string; unique: boolean; partial: boolean; columns: string[] }>`
      SELECT t.relname AS table_name, i.relname AS name, ix.indisunique AS unique, ix.indpred IS NOT NULL AS partial,
             array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
                   JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)`.execute(
      db,
    )
  ).rows;
  const foreignKeys = (
    await sql<{ table_name: string; description: string }>`
      SELECT t.relname AS table_name,
             a.attname || ' -> ' || rt.relname || '.' || ra.attname || ' on delete ' ||
               CASE c.confdeltype WHEN 'c' THEN 'cascade' WHEN 'a' THEN 'no action' ELSE c.confdeltype::text END
               AS description
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid
      JOIN pg_class rt ON rt.oid = c.confrelid
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      JOIN pg_attribute ra ON ra.attrelid = c.confrelid AND ra.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`.execute(db)
  ).rows;

  const schema: Schema = {};
  for (const table of tables) {
    schema[table] = {
      columns: columns
        .filter((c) => c.table_name === table)
        .map((c) => ({
          name: c.column_name,
          type: ['bigint', 'integer', 'smallint'].includes(c.data_type)
            ? 'integer'
            : c.data_type === 'text' || c.udt_name === 'citext'
              ? 'text'
              : c.data_type === 'bytea'
                ? 'bytes'
                : (`unexpected ${c.data_type}` as 'text'),
          notNull: c.is_nullable === 'NO',
          default: c.column_default === null ? null : c.column_default.replace(/::[a-z ]+$/, ''),
        })),
      primaryKey: constraints.find((c) => c.table_name === table && c.constraint_type === 'PRIMARY KEY')?.columns ?? [],
      unique: constraints
        .filter((c) => c.table_name === table && c.constraint_type === 'UNIQUE')
        .map((c) => c.columns)
        .sort(),
      indexes: Object.fromEntries(
        indexes
          .filter((i) => i.table_name === table && i.name !== SEARCH_INDEX)
          .map((i) => [i.name, { columns: i.columns, unique: i.unique, partial: i.partial }]),
      ),
      foreignKeys: foreignKeys
        .filter((k) => k.table_name === table)
        .map((k) => k.description)
        .sort(),
    };
  }
  return schema;
}

describePostgres('the PostgreSQL baseline', () => {
  const database = usePostgresKysely();
  let db: Kysely<Database>;
  beforeAll(() => {
    db = database();
  });

  it('stands for SQLite version 9, the last of the frozen SQLite-only migrations', () => {
    expect(BASELINE_VERSION).toBe(9);
    expect(MIGRATIONS[BASELINE_VERSION - 1]!.name).toBe('009_team');
  });

  it("creates exactly SQLite's schema at version 9", async () => {
    const result = await migratePostgres(db, { target: BASELINE_VERSION });
    expect(result.applied).toEqual([BASELINE_VERSION]);

    const sqlite = blankDb();
    await migrateTo(sqlite.db, BASELINE_VERSION);
    const expected = sqliteSchema(sqlite.sqlite);
    await sqlite.db.destroy();

    expect(Object.keys(expected).length).toBeGreaterThan(20);
    expect(await postgresSchema(db)).toEqual(expected);
  });

  it("then runs the shared migrations to SQLite's latest schema, items' reference to their transaction kept by triggers", async () => {
    await migratePostgres(db);
    const store = await openStore(':memory:');
    const expected = sqliteSchema(store.writer.sqlite);
    await store.close();

    expect(Object.keys(expected).length).toBeGreaterThan(20);
    // 026: PostgreSQL checks this reference per statement (itemReference.test.ts), not as a key.
    expect(expected.transaction_items!.foreignKeys).toEqual(['transaction_id -> transactions.id on delete cascade']);
    const withoutItemsKey = { ...expected, transaction_items: { ...expected.transaction_items!, foreignKeys: [] } };
    expect(await postgresSchema(db)).toEqual(withoutItemsKey);
  });
});
