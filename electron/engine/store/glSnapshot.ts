/**
 * An export reads the store through a connection of its own, inside one read transaction.
 *
 * Why not the engine's connection: the export makes several passes (GL rows, journal, ERP layout)
 * that must agree with each other even while a sync writes, and it yields to the event loop between
 * rows so the zip can drain to disk; better-sqlite3 refuses every other statement on a connection
 * while an iterator is open on it, so iterating there would break the sync (or any handler) for the
 * length of the export. A WAL read transaction on a second connection gives a stable snapshot and
 * leaves the engine's connection alone. An in-memory store has no file to open twice: it is copied.
 */
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import type { ReadableDB } from './handles';
import { GlRowReader } from './glRows';

export interface SnapshotSource {
  reader: ReadableDB;
  path: string;
}

export class GlSnapshot extends GlRowReader {
  private constructor(
    private readonly kysely: Kysely<Database>,
    private readonly connection: BetterSqlite3.Database,
  ) {
    super(kysely, connection);
  }

  /** The snapshot for other repositories' compiled reads (the reversals of the same export). */
  get source(): { db: Kysely<Database>; sqlite: BetterSqlite3.Database } {
    return { db: this.kysely, sqlite: this.connection };
  }

  static open(store: SnapshotSource): GlSnapshot {
    const inMemory = store.path === ':memory:' || store.path === '';
    const connection = inMemory
      ? new BetterSqlite3(store.reader.sqlite.serialize())
      : new BetterSqlite3(store.path, { readonly: true, fileMustExist: true });
    try {
      connection.pragma('busy_timeout = 5000');
      // Deferred: the snapshot is taken by the first read and kept until close().
      connection.exec('BEGIN');
    } catch (error) {
      connection.close();
      throw error;
    }
    return new GlSnapshot(store.reader.db, connection);
  }

  close(): void {
    if (!this.connection.open) return;
    try {
      if (this.connection.inTransaction) this.connection.exec('COMMIT');
    } finally {
      this.connection.close();
    }
  }
}
