/** A SQLite store's handles (work/handles.ts): kysely, the connection's dialect and the raw connection. */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { ReadableDB, WritableDB } from '../../work/handles';
import { sqliteDialect } from './dialect';

/** A SQLite store's handles: the raw connection is always there. */
export type SqliteReadable = ReadableDB & { readonly sqlite: BetterSqlite3.Database };
export type SqliteWritable = WritableDB & { readonly sqlite: BetterSqlite3.Database };

type Connection = { db: Kysely<Database>; sqlite: BetterSqlite3.Database };

export function sqliteHandles(
  writer: Connection,
  reader: Connection = writer,
): { writer: SqliteWritable; reader: SqliteReadable } {
  const handle = ({ db, sqlite }: Connection) => ({ db, sqlite, dialect: sqliteDialect(sqlite) });
  return { writer: handle(writer) as SqliteWritable, reader: handle(reader) as SqliteReadable };
}
