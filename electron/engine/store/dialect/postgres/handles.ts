/** PostgreSQL's handles (work/handles.ts): kysely over the write pool and over the read-only pool. */
import type { Kysely } from 'kysely';
import type { Database } from '../../schema';
import type { ReadableDB, WritableDB } from '../../work/handles';
import { postgresDialect } from './dialect';

export function portableHandles(writer: Kysely<Database>, reader: Kysely<Database>) {
  return {
    writer: { db: writer, dialect: postgresDialect } as WritableDB,
    reader: { db: reader, dialect: postgresDialect } as ReadableDB,
  };
}
