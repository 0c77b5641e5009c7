/**
 * Test engines on PostgreSQL take their store from here: a store whose engine closed is emptied and
 * kept, with its database and its pools' connections, for the next test engine of the same file.
 *
 * Why: on this machine a PostgreSQL backend's start and exit cost the server ~30 ms of CPU each
 * (process creation is expensive under the VM), and a fresh database per engine meant a database
 * copy, two to four new backends and a drop for every test: ~0.25 s of the server's CPU per engine,
 * the largest single cost of the node-postgres project. Emptying a kept database costs ~0.04 s.
 *
 * Emptied means as migrated: every table the migrations left empty and a test filled is truncated,
 * and every identity sequence of those tables that was drawn from is set back to its start (the
 * migrations fill only their own bookkeeping). Only the filled tables: a TRUNCATE gives each table
 * and index it names new files, and naming all forty cost the server ~0.1 s of CPU per engine here,
 * where a test fills a handful. What the engine keeps in
 * memory went with the engine; what a connection keeps for its session (advisory locks: leadership
 * unlocks or closes its connection) is not left behind by the engine's own code.
 */
import { sql } from 'kysely';
import { openPostgresEngineStore } from '../../electron/engine/store/dialect';
import type { Store } from '../../electron/engine/store';
import { afterThisFile } from './fileCleanup';
import { createMigratedTestDatabase, type PostgresTestDatabase } from './postgres';
import { TEST_DATABASE_CONNECTIONS } from './testConnections';

interface KeptStore {
  store: Store;
  database: PostgresTestDatabase;
  closeForGood(): Promise<void>;
}

/** This file's stores whose engines have closed; undefined until the file's first engine. */
let idle: KeptStore[] | undefined;
/** The truncation that empties a migrated database: the same tables in every copy of the template. */
let emptying: string | undefined;
/** The migrated schema's fingerprint: a store whose schema a test changed (a trigger, say) is not kept. */
let migratedSchema: string | undefined;

/** A migrated, empty store for one test engine; its close() empties it and keeps it for the next. */
export async function storeForTestEngine(): Promise<Store> {
  const kept = fileIdleList().pop() ?? (await openKept());
  return kept.store;
}

function fileIdleList(): KeptStore[] {
  if (idle) return idle;
  const list: KeptStore[] = [];
  idle = list;
  afterThisFile(async () => {
    if (idle === list) idle = undefined;
    for (const kept of list.splice(0)) await kept.closeForGood();
  });
  return list;
}

async function openKept(): Promise<KeptStore> {
  const database = await createMigratedTestDatabase();
  let store: Store;
  try {
    store = await openPostgresEngineStore(database.url, { create: false, maxConnections: TEST_DATABASE_CONNECTIONS });
  } catch (error) {
    await database.drop();
    throw error;
  }
  emptying ??= await truncationOf(store);
  migratedSchema ??= await schemaFingerprint(store);
  const closeStore = store.close.bind(store);
  const kept: KeptStore = {
    store,
    database,
    async closeForGood() {
      await closeStore();
      await database.drop();
    },
  };
  const list = fileIdleList();
  store.close = async () => {
    // Emptied while its engine's last work is surely done (the engine closes its store last).
    let keep: boolean;
    try {
      keep = (await schemaFingerprint(store)) === migratedSchema;
      if (keep) await sql.raw(emptying!).execute(store.writer.db);
    } catch (error) {
      await kept.closeForGood();
      throw error;
    }
    // Not kept either: a store closed after its file ended (an engine a later file closed).
    if (keep && idle === list) list.push(kept);
    else await kept.closeForGood();
  };
  return kept;
}

/**
 * One statement that empties the store back to its migrated state: the tables the migrations left
 * empty, those a test filled truncated, their identity sequences that were drawn from set back.
 */
async function truncationOf(store: Store): Promise<string> {
  const { rows } = await sql<{ name: string; filled: boolean }>`
    SELECT format('%I', table_name) AS name,
           (xpath('/row/c/text()', query_to_xml(format('SELECT EXISTS (SELECT 1 FROM %I) AS c', table_name), false, true, '')))[1]::text::boolean AS filled
      FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(store.writer.db);
  const empty = rows.filter((table) => !table.filled).map((table) => table.name);
  const sequences = await sql<{ name: string; start: string }>`
    SELECT format('%I', s.relname) AS name, q.seqstart::text AS start
      FROM pg_class s
      JOIN pg_sequence q ON q.seqrelid = s.oid
      JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      JOIN pg_class t ON t.oid = d.refobjid
     WHERE s.relkind = 'S' AND t.relnamespace = current_schema()::regnamespace
       AND format('%I', t.relname) = ANY(${empty})`.execute(store.writer.db);
  const quoted = (names: string[]) =>
    `ARRAY[${names.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
  // The names come from the catalog and are quoted by format('%I'); they are no one's input.
  return `DO $empty$
DECLARE
  name text;
  filled text[] := '{}';
  has_rows boolean;
  sequence record;
BEGIN
  FOREACH name IN ARRAY ${quoted(empty)} LOOP
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM ' || name || ')' INTO has_rows;
    IF has_rows THEN filled := filled || name; END IF;
  END LOOP;
  IF cardinality(filled) > 0 THEN
    EXECUTE 'TRUNCATE ' || array_to_string(filled, ', ') || ' CASCADE';
  END IF;
  FOR sequence IN
    SELECT n, s::bigint AS start FROM unnest(${quoted(sequences.rows.map((row) => row.name))}, ${quoted(sequences.rows.map((row) => row.start))}) AS u(n, s)
  LOOP
    IF pg_sequence_last_value(sequence.n::regclass) IS NOT NULL THEN
      PERFORM setval(sequence.n::regclass, sequence.start, false);
    END IF;
  END LOOP;
END
$empty$`;
}

/**
 * The schema as the catalog describes it: tables, indexes, sequences and views with their columns,
 * constraints, triggers, functions and policies (what tests change to make the store fail), and the
 * database's own settings.
 */
async function schemaFingerprint(store: Store): Promise<string> {
  const { rows } = await sql<{ fingerprint: string | null }>`
    SELECT md5(string_agg(item, '|' ORDER BY item)) AS fingerprint FROM (
      SELECT 'class ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(c.relacl::text, '') AS item
        FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
      UNION ALL
      SELECT 'column ' || a.attrelid::regclass || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
             || ' ' || a.attnotnull || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
       WHERE c.relnamespace = current_schema()::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
      UNION ALL
      SELECT 'constraint ' || conname || ' ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
      UNION ALL
      SELECT 'trigger ' || tgname || ' ' || tgrelid::regclass || ' ' || tgenabled::text
        FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL
      SELECT 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc)
        FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace
      UNION ALL
      SELECT 'policy ' || polname || ' ' || polrelid::regclass FROM pg_policy
      UNION ALL
      SELECT 'setting ' || array_to_string(setconfig, ',')
        FROM pg_db_role_setting WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
    ) AS catalog`.execute(store.writer.db);
  return rows[0]?.fingerprint ?? '';
}
