/**
 * Read and write handles (after Signal's ReadableDB/WritableDB): a query that only reads takes a
 * ReadableDB, anything that writes takes a WritableDB, so a read that tries to write does not
 * compile. At run time a file store's read handle is a second connection opened read-only, so a
 * read cannot write there either; an in-memory store (tests) has one connection for both.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

declare const readable: unique symbol;
declare const writable: unique symbol;

interface Connection {
  /** kysely, for queries that read better built than written. */
  readonly db: Kysely<Database>;
  /** The raw connection, for the hot paths that need compiled statements. */
  readonly sqlite: BetterSqlite3.Database;
}

export type ReadableDB = Connection & { readonly [readable]: true };
export type WritableDB = ReadableDB & { readonly [writable]: true };

export function asReadable(connection: Connection): ReadableDB {
  return connection as ReadableDB;
}

export function asWritable(connection: Connection): WritableDB {
  return connection as WritableDB;
}

/** Runs `work` in one synchronous transaction of the write connection (better-sqlite3's, so no await inside). */
export function inTransaction<T>(writer: WritableDB, work: () => T): T {
  return writer.sqlite.transaction(work)();
}

/** Runs async kysely work in one transaction of the write connection (never await the network inside). */
export async function inWriteTransaction<T>(writer: WritableDB, work: (tx: WritableDB) => Promise<T>): Promise<T> {
  return writer.db.transaction().execute((trx) => work(asWritable({ db: trx, sqlite: writer.sqlite })));
}
