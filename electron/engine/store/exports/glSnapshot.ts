/**
 * An export reads the store through a snapshot of its own: its passes (GL rows, journal, ERP layout)
 * must agree with each other and with its claim even while a sync writes.
 *
 * SQLite: a second connection in one read transaction. Not the engine's connection: the export
 * yields to the event loop between rows so the zip can drain to disk, and better-sqlite3 refuses
 * every other statement on a connection while an iterator is open on it, so iterating there would
 * block the sync (or any handler) for the length of the export. A WAL read transaction leaves the
 * engine's connection alone. An in-memory store has no file to open twice: it is copied.
 *
 * PostgreSQL: one REPEATABLE READ transaction held on a connection of the read-only pool.
 */
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import type { ReadableDB } from '../work/handles';

export interface SnapshotSource {
  reader: ReadableDB;
  path: string;
}

export interface GlSnapshot {
  /** Read through this: glRowsOf, and other repositories' units of work (the export's reversals). */
  readonly source: ReadableDB;
  close(): Promise<void>;
}

export function openGlSnapshot(store: SnapshotSource): Promise<GlSnapshot> {
  const { sqlite } = store.reader;
  if (!sqlite) return heldReadTransaction(store.reader.db);
  const inMemory = store.path === ':memory:' || store.path === '';
  const connection = inMemory
    ? new BetterSqlite3(sqlite.serialize())
    : new BetterSqlite3(store.path, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    // Deferred: the snapshot is taken by the first read and kept until close().
    connection.exec('BEGIN');
  } catch (error) {
    connection.close();
    throw error;
  }
  // The store's kysely only compiles here: units of work run on the raw connection they are given.
  const source = { db: store.reader.db, sqlite: connection } as ReadableDB;
  return Promise.resolve({
    source,
    close: async () => {
      if (!connection.open) return;
      try {
        if (connection.inTransaction) connection.exec('COMMIT');
      } finally {
        connection.close();
      }
    },
  });
}

/** kysely runs a transaction inside a callback: the callback waits here until close() is called. */
async function heldReadTransaction(db: Kysely<Database>): Promise<GlSnapshot> {
  let opened!: (trx: Kysely<Database>) => void;
  let finish!: () => void;
  const ready = new Promise<Kysely<Database>>((resolve) => (opened = resolve));
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const transaction = db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      opened(trx);
      await finished;
    });
  const trx = await Promise.race([ready, transaction.then(() => null)]);
  if (!trx) throw new Error('The export snapshot could not be opened.');
  let closed = false;
  return {
    source: { db: trx, sqlite: null } as ReadableDB,
    close: async () => {
      if (closed) return;
      closed = true;
      finish();
      await transaction;
    },
  };
}
