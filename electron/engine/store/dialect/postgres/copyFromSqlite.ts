/**
 * Moves a single-user SQLite store to a district's PostgreSQL (`district-recon migrate-to`): every
 * table the PostgreSQL schema has, parents before children, in one transaction, so a failure leaves
 * the server's database empty as it was. Ids are kept (identity columns are BY DEFAULT) and the
 * identity sequences are moved past them; the row counts of both sides are compared before commit.
 * The SQLite file is only read. SQLite's search index (FTS5) is not copied: PostgreSQL's pg_trgm
 * index is built from the rows themselves.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { MIGRATIONS } from '../../migrations';
import { StoreError } from '../sqlite/open';
import type { Database } from '../../schema';
import { currentVersion, VERSION_TABLE } from './schema/migrate';

export interface CopiedTable {
  table: string;
  rows: number;
}

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000;

export async function copySqliteToPostgres(
  source: BetterSqlite3.Database,
  target: Kysely<Database>,
  onTable?: (copied: CopiedTable) => void,
): Promise<CopiedTable[]> {
  const sourceVersion = source.pragma('user_version', { simple: true }) as number;
  const targetVersion = await currentVersion(target);
  if (sourceVersion !== MIGRATIONS.length || targetVersion !== MIGRATIONS.length) {
    throw new StoreError(
      `The two databases are at different schema versions (this file ${sourceVersion}, the server ${targetVersion}, this version of District Recon ${MIGRATIONS.length}). Open each with this version first.`,
    );
  }
  // One read transaction on the file too: a desktop app syncing meanwhile cannot tear the copy.
  source.exec('BEGIN');
  let copied: CopiedTable[];
  try {
    copied = await copyAll(source, target, onTable);
  } finally {
    source.exec('COMMIT');
  }
  await analyzeCopied(target, copied);
  return copied;
}

/**
 * The planner's statistics of what was copied, taken now rather than when autovacuum gets to it: on
 * a database that was just filled, PostgreSQL plans for empty tables, and the first export after the
 * move joined every GL row with every deposit it claimed (100,000 GL rows: 94 s for the first pass
 * instead of 4 s; at 1M rows, hours).
 */
async function analyzeCopied(target: Kysely<Database>, copied: readonly CopiedTable[]): Promise<void> {
  if (copied.length) await sql`ANALYZE ${sql.join(copied.map((table) => sql.table(table.table)))}`.execute(target);
}

function copyAll(
  source: BetterSqlite3.Database,
  target: Kysely<Database>,
  onTable?: (copied: CopiedTable) => void,
): Promise<CopiedTable[]> {
  return target.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const tables = await tablesInCopyOrder(trx);
    const filled = [];
    for (const table of tables) {
      const n = await countRows(trx, table);
      if (n > 0) filled.push(`${table} (${n})`);
    }
    if (filled.length) {
      throw new StoreError(
        `The server's database already has District Recon data (${filled.slice(0, 3).join(', ')}); migrate-to only fills an empty one. Give the URL of a new, empty database.`,
      );
    }
    const copied: CopiedTable[] = [];
    for (const table of tables) {
      const columns = await columnsOf(trx, table);
      const sourceColumns = new Set(
        (source.pragma(`table_info(${JSON.stringify(table)})`) as Array<{ name: string }>).map((c) => c.name),
      );
      const missing = columns.filter((c) => !sourceColumns.has(c));
      if (missing.length) {
        throw new StoreError(`The file's table ${table} has no column ${missing.join(', ')}; nothing was copied.`);
      }
      const chunk = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
      const select = source.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`);
      let rows = 0;
      let pending: Array<Record<string, unknown>> = [];
      for (const row of select.iterate() as IterableIterator<Record<string, unknown>>) {
        pending.push(row);
        if (pending.length === chunk) {
          await db.insertInto(table).values(pending).execute();
          rows += pending.length;
          pending = [];
        }
      }
      if (pending.length) {
        await db.insertInto(table).values(pending).execute();
        rows += pending.length;
      }
      const there = await countRows(trx, table);
      if (there !== rows) throw new StoreError(`Copied ${rows} rows of ${table} but the server holds ${there}.`);
      copied.push({ table, rows });
      onTable?.({ table, rows });
    }
    await moveIdentitiesPastCopiedIds(trx);
    return copied;
  });
}

/** The schema's tables, each after the tables its foreign keys point at. */
async function tablesInCopyOrder(db: Kysely<Database>): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> ${VERSION_TABLE}
      ORDER BY table_name`.execute(db)
  ).rows.map((row) => row.name);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  const keys = await sql<{ child: string; parent: string }>`
    SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`.execute(db);
  for (const { child, parent } of keys.rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) place(parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

async function columnsOf(db: Kysely<Database>, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    SELECT column_name AS name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}
    ORDER BY ordinal_position`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const rows = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db);
  return Number(rows.rows[0]?.n ?? 0);
}

/** The next id the server hands out comes after every copied one. */
async function moveIdentitiesPastCopiedIds(db: Kysely<Database>): Promise<void> {
  const identities = await sql<{ table: string; column: string }>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table, column } of identities.rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.ref(column)}), 0) + 1, false)
              FROM ${sql.table(table)}`.execute(db);
  }
}
