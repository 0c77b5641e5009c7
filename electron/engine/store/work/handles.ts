/**
 * Read and write handles (after Signal's ReadableDB/WritableDB): a query that only reads takes a
 * ReadableDB, anything that writes takes a WritableDB, so a read that tries to write does not
 * compile. At run time the read handle cannot write either: on SQLite it is a second connection
 * opened read-only (an in-memory store, for tests, has one connection for both), on PostgreSQL every
 * connection of the read pool is read-only (postgres/open.ts).
 *
 * Both dialects hand out the same handles: kysely, and on SQLite the raw connection as well, which
 * units of work (work.ts) and the few fast paths use when it is there.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

/** What a unit of work runs on: the kysely of its dialect, and the SQLite connection when there is one. */
export interface WorkTarget {
  readonly db: Kysely<Database>;
  readonly sqlite?: BetterSqlite3.Database | null;
}

declare const readable: unique symbol;
declare const writable: unique symbol;

export type ReadableDB = WorkTarget & { readonly [readable]: true };
export type WritableDB = ReadableDB & { readonly [writable]: true };

/** A SQLite store's handles: the raw connection is always there. */
export type SqliteReadable = ReadableDB & { readonly sqlite: BetterSqlite3.Database };
export type SqliteWritable = WritableDB & { readonly sqlite: BetterSqlite3.Database };

export function sqliteHandles(
  writer: { db: Kysely<Database>; sqlite: BetterSqlite3.Database },
  reader: { db: Kysely<Database>; sqlite: BetterSqlite3.Database } = writer,
): { writer: SqliteWritable; reader: SqliteReadable } {
  return { writer: writer as SqliteWritable, reader: reader as SqliteReadable };
}

/** PostgreSQL's handles: kysely over the write pool and over the read-only pool. */
export function portableHandles(writer: Kysely<Database>, reader: Kysely<Database>) {
  return {
    writer: { db: writer, sqlite: null } as WritableDB,
    reader: { db: reader, sqlite: null } as ReadableDB,
  };
}
