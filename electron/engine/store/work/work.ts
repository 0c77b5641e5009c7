/**
 * Units of work, written once for both dialects (DESIGN.md §3, §11).
 *
 * A unit of work is a generator that builds its queries with kysely and yields them compiled; the
 * handle's dialect runs it (dialect/sqlite/unitOfWork.ts, dialect/postgres/unitOfWork.ts): on SQLite
 * synchronously inside one better-sqlite3 transaction (BEGIN IMMEDIATE for writes), so the unit stays
 * atomic in the event loop and as fast as hand-prepared statements; on PostgreSQL in one SERIALIZABLE
 * transaction, run again when the server reports a serialization failure, so a decision read inside
 * the unit (is this batch signed already?) always holds when its write commits. The unit never awaits
 * anything but its own queries: no network, no files.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { WorkTarget, WritableDB } from './handles';
import type { Compilable, Work } from './unit';

export type { Work, Compilable } from './unit';
export type { WorkTarget } from './handles';

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

/** Runs a unit of work that writes, in one transaction of the write connection. */
export function runWrite<T>(writer: WorkTarget, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
  return writer.dialect.runWrite(writer.db, unit);
}

/**
 * Runs async work in one transaction of the write connection, for the one write whose decisions are
 * made above the store between its reads and its writes (the tie-out checks: read a batch, compute
 * its verdict, save it, re-open its sign-off). The work awaits only the store: no network, no files.
 */
export function inWriteTransaction<T>(writer: WritableDB, work: (tx: WritableDB) => Promise<T>): Promise<T> {
  return writer.dialect.inWriteTransaction(writer.db, (db) => work({ ...writer, db }));
}

/** Runs a unit of work that only reads, on one consistent snapshot of the read connection. */
export function runRead<T>(reader: WorkTarget, unit: (db: Kysely<Database>) => Work<T>): Promise<T> {
  return reader.dialect.runRead(reader.db, unit);
}
