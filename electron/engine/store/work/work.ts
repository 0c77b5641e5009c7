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
import { sql } from 'kysely';
import type { Database } from '../schema';
import type { WorkTarget, WritableDB } from './handles';
import { statement } from '../dialect/sqlite/statements';

export type Work<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

export type { WorkTarget } from './handles';

export interface Compilable<R> {
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
  if (sqlite) return transactionOf(sqlite).immediate(() => driveSqlite(sqlite, unit(writer.db))) as T;
  // Already inside a transaction (inWriteTransaction's): the unit is part of it.
  if (writer.db.isTransaction) return drive(writer.db, unit(writer.db));
  return serializable(writer.db, (trx) => drive(trx, unit(writer.db)));
}

/**
 * Runs async work in one transaction of the write connection, for the one write whose decisions are
 * made above the store between its reads and its writes (the tie-out checks: read a batch, compute
 * its verdict, save it, re-open its sign-off). The work awaits only the store: no network, no files.
 * SQLite: BEGIN IMMEDIATE on the held connection (kysely's own transaction() can only say BEGIN), so
 * another process writing the file makes this wait out busy_timeout rather than fail on a stale
 * snapshot. PostgreSQL: SERIALIZABLE, run again from the start on a serialization failure.
 */
export async function inWriteTransaction<T>(writer: WritableDB, work: (tx: WritableDB) => Promise<T>): Promise<T> {
  if (writer.db.isTransaction) return work(writer);
  const { sqlite } = writer;
  if (!sqlite) return serializable(writer.db, (trx) => work({ db: trx, sqlite: null } as WritableDB));
  return writer.db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work({ db: connection, sqlite } as WritableDB);
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

async function serializable<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
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
      : (transactionOf(sqlite).deferred(() => driveSqlite(sqlite, unit(reader.db))) as T);
  // Inside a held snapshot (an export's) or a write transaction: read there.
  if (reader.db.isTransaction) return drive(reader.db, unit(reader.db));
  return reader.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => drive(trx, unit(reader.db)));
}

/**
 * One better-sqlite3 transaction function per connection, running whatever it is handed: making a
 * new one per unit of work costs more than the small reads most units are.
 */
const transactions = new WeakMap<BetterSqlite3.Database, BetterSqlite3.Transaction<(run: () => unknown) => unknown>>();
function transactionOf(sqlite: BetterSqlite3.Database) {
  let transaction = transactions.get(sqlite);
  if (!transaction) transactions.set(sqlite, (transaction = sqlite.transaction((run: () => unknown) => run())));
  return transaction;
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
