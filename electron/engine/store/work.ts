/**
 * Units of work, written once for both dialects (DESIGN.md §3, §11).
 *
 * A unit of work is a generator that builds its queries with kysely and yields them compiled; the
 * runner executes each and sends the result back. On SQLite the runner executes them synchronously
 * inside one better-sqlite3 transaction (BEGIN IMMEDIATE for writes), so the unit stays atomic in
 * the event loop and as fast as hand-prepared statements (compiled SQL is cached per connection). On
 * PostgreSQL it executes them in one SERIALIZABLE kysely transaction and runs the unit again when
 * the server reports a serialization failure, so a decision read inside the unit (is this batch
 * signed already?) always holds when its write commits. The unit never awaits anything but its own
 * queries: no network, no files.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';
import { statement } from './statements';

export type Work<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/** What a unit of work runs on: the kysely of its dialect, and the SQLite connection when there is one. */
export interface WorkTarget {
  readonly db: Kysely<Database>;
  readonly sqlite?: BetterSqlite3.Database | null;
}

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

/** The rows of a query. */
export function* rowsOf<R>(query: Compilable<R>): Work<R[]> {
  const result = yield query.compile();
  return result.rows as R[];
}

/** The first row of a query, or undefined. */
export function* firstOf<R>(query: Compilable<R>): Work<R | undefined> {
  return (yield* rowsOf(query))[0];
}

/** Runs a statement that returns no rows; how many rows it changed. */
export function* execute(query: Compilable<unknown>): Work<number> {
  const result = yield query.compile();
  return Number(result.numAffectedRows ?? 0n);
}

/** PostgreSQL's serialization failure and deadlock: the unit is run again from the start. */
const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 8;

/** Runs a unit of work that writes, in one transaction of the write connection. */
export async function runWrite<T>(writer: WorkTarget, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
  const { sqlite } = writer;
  if (sqlite) return sqlite.transaction(() => driveSqlite(sqlite, unit(writer.db))).immediate();
  for (let attempt = 1; ; attempt++) {
    try {
      return await writer.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute((trx) => drive(trx, unit(writer.db)));
    } catch (error) {
      if (attempt >= ATTEMPTS || !RETRYABLE.has((error as { code?: string }).code ?? '')) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/** Runs a unit of work that only reads, on one consistent snapshot of the read connection. */
export async function runRead<T>(reader: WorkTarget, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
  const { sqlite } = reader;
  if (sqlite)
    return sqlite.inTransaction
      ? driveSqlite(sqlite, unit(reader.db))
      : sqlite.transaction(() => driveSqlite(sqlite, unit(reader.db))).deferred();
  return reader.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => drive(trx, unit(reader.db)));
}

function driveSqlite<T>(sqlite: BetterSqlite3.Database, work: Work<T>): T {
  let step = work.next();
  while (!step.done) step = work.next(executeSqlite(sqlite, step.value));
  return step.value;
}

function executeSqlite(sqlite: BetterSqlite3.Database, query: CompiledQuery): QueryResult<unknown> {
  const prepared = statement(sqlite, query.sql);
  const parameters = query.parameters as unknown[];
  if (prepared.reader) return { rows: prepared.all(...parameters) };
  const info = prepared.run(...parameters);
  return { rows: [], numAffectedRows: BigInt(info.changes), insertId: BigInt(info.lastInsertRowid) };
}

async function drive<T>(trx: Kysely<Database>, work: Work<T>): Promise<T> {
  let step = work.next();
  while (!step.done) step = work.next(await trx.executeQuery(step.value));
  return step.value;
}
