/**
 * Read and write handles (after Signal's ReadableDB/WritableDB): a query that only reads takes a
 * ReadableDB, anything that writes takes a WritableDB, so a read that tries to write does not
 * compile. At run time the read handle cannot write either: on SQLite it is a second connection
 * opened read-only (an in-memory store, for tests, has one connection for both), on PostgreSQL every
 * connection of the read pool is read-only (postgres/open.ts).
 *
 * Both dialects hand out the same handles: kysely, and the handle's Dialect (dialect/dialect.ts),
 * which runs its units of work, bulk writes, search and streaming reads. A SQLite store's handles
 * also carry the raw connection (dialect/sqlite/handles.ts), for what only a SQLite file has (tests,
 * the move to a server).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { Dialect } from '../dialect/dialect';

/** What a unit of work runs on: the kysely of its database, and that database's dialect. */
export interface WorkTarget {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
}

declare const readable: unique symbol;
declare const writable: unique symbol;

export type ReadableDB = WorkTarget & { readonly [readable]: true };
export type WritableDB = ReadableDB & { readonly [writable]: true };
