/**
 * Read and write handles (after Signal's ReadableDB/WritableDB): a query that only reads takes a
 * ReadableDB, anything that writes takes a WritableDB, so a read that tries to write does not
 * compile. At run time a file store's read handle is a second connection opened read-only, so a
 * read cannot write there either; an in-memory store (tests) has one connection for both.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import type { WorkTarget } from './work';

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

/**
 * Handles for the repositories already written as units of work (work.ts), which run on either
 * dialect: SQLite's handles are these too; a PostgreSQL store has only kysely. A function taking
 * these instead of ReadableDB/WritableDB says it runs on the district server's PostgreSQL.
 */
export type PortableReadable = WorkTarget & { readonly [readable]: true };
export type PortableWritable = PortableReadable & { readonly [writable]: true };

/** PostgreSQL's handles: every connection of the read pool is read-only (postgres/open.ts). */
export function portableHandles(writer: Kysely<Database>, reader: Kysely<Database>) {
  return {
    writer: { db: writer, sqlite: null } as PortableWritable,
    reader: { db: reader, sqlite: null } as PortableReadable,
  };
}

export function asReadable(connection: Connection): ReadableDB {
  return connection as ReadableDB;
}

export function asWritable(connection: Connection): WritableDB {
  return connection as WritableDB;
}

/**
 * Runs `work` in one synchronous transaction of the write connection (better-sqlite3's, so no await
 * inside). BEGIN IMMEDIATE: the write lock is taken first, so another process writing the same file
 * (a second server, the CLI's sync) makes this wait out busy_timeout instead of failing with
 * SQLITE_BUSY_SNAPSHOT when a read-then-write transaction finds its snapshot stale.
 */
export function inTransaction<T>(writer: WritableDB, work: () => T): T {
  return writer.sqlite.transaction(work).immediate();
}

/**
 * Runs async kysely work in one transaction of the write connection (never await the network
 * inside). BEGIN IMMEDIATE for the reason above; kysely's own transaction() can only say BEGIN.
 * The connection is held throughout, so nothing else on this Kysely runs inside the transaction.
 */
export async function inWriteTransaction<T>(writer: WritableDB, work: (tx: WritableDB) => Promise<T>): Promise<T> {
  if (writer.db.isTransaction) return work(writer);
  return writer.db.connection().execute(async (connection) => {
    await sql`BEGIN IMMEDIATE`.execute(connection);
    try {
      const result = await work(asWritable({ db: connection, sqlite: writer.sqlite }));
      await sql`COMMIT`.execute(connection);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}
