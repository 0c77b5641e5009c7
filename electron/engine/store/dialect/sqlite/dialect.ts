/**
 * SQLite's Dialect (dialect.ts). better-sqlite3 runs one statement at a time per connection,
 * synchronously, so the dialect is bound to its connection: the store's writer and reader each have
 * their own (open.ts), and an export's snapshot a third.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/sqlite';
import { statSync } from 'node:fs';
import type { Database } from '../../schema';
import type { Dialect, Snapshot } from '../dialect';
import { startCheckpointer, type Checkpointer } from '../../workers/checkpointer';
import { copyOnWorker } from '../../workers/backup';
import { sqliteTextSearch } from './textSearch';
import { sqliteUnits } from './unitOfWork';
import { sqliteBulk, sqliteInList } from './bulk';
import { withStatementCache } from './statements';
import { fairTurn, fairTurnsAfterQueries } from './fairTurns';

const dialects = new WeakMap<BetterSqlite3.Database, Dialect>();

export function sqliteDialect(sqlite: BetterSqlite3.Database): Dialect {
  let dialect = dialects.get(sqlite);
  if (!dialect) dialects.set(sqlite, (dialect = newSqliteDialect(sqlite)));
  return dialect;
}

/**
 * A kysely over a connection, its statements cached (statements.ts); after each query outside a
 * transaction the event loop may turn (fairTurns.ts).
 */
export function sqliteKysely(sqlite: BetterSqlite3.Database): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [fairTurnsAfterQueries(sqlite)],
  });
}

function newSqliteDialect(sqlite: BetterSqlite3.Database): Dialect {
  return {
    ...sqliteUnits(sqlite),
    /**
     * A unit runs synchronously on the thread that also answers the app's window and a server's
     * users, so units stay short: at 1,000 rows a nightly sync on a 300k store held it 50-230 ms at
     * a time, and 50 users' calls during it had a p95 of 420 ms; at 500 that p95 is ~28 ms (the team
     * bench). 250 was no better for them and cost the full sync more commits, each rewriting the
     * same hot index pages.
     */
    rowsPerWriteUnit: 500,
    withBulkCheckpoints: (work) => withBulkCheckpoints(sqlite, work),
    bulk: sqliteBulk,
    inList: sqliteInList,
    jsonRows: (query) => jsonArrayFrom(query).$castTo(),
    search: sqliteTextSearch,
    streamChunks: (_db, query, chunkRows) => iterateInChunks(sqlite, query, chunkRows),
    openSnapshot: () => Promise.resolve(openSnapshot(sqlite)),
    backupTo: async (file, workerEntry) => {
      if (workerEntry && !sqlite.memory) await copyOnWorker(workerEntry, { source: sqlite.name, target: file });
      else await sqlite.backup(file);
    },
    // SQLite plans from its indexes alone here (no sqlite_stat tables): nothing to refresh.
    refreshStatistics: () => Promise.resolve(),
  };
}

/**
 * Rows a chunk at a time from an iterator on the connection. Not on the engine's own connections:
 * better-sqlite3 refuses every other statement on a connection while an iterator is open on it, and
 * the reader awaits between chunks; a snapshot's connection is its own.
 */
async function* iterateInChunks<R>(
  sqlite: BetterSqlite3.Database,
  query: CompiledQuery<R>,
  chunkRows: number,
): AsyncGenerator<R[]> {
  const rows = sqlite.prepare(query.sql).iterate(...(query.parameters as unknown[])) as IterableIterator<R>;
  let chunk: R[] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length < chunkRows) continue;
    yield chunk;
    chunk = [];
    // The snapshot's own connection: the engine's connections are free meanwhile.
    await fairTurn(false);
  }
  if (chunk.length) yield chunk;
}

/**
 * A second connection in one read transaction: a WAL read transaction leaves the engine's
 * connections alone while the snapshot is read at the reader's pace. An in-memory store has no file
 * to open twice: it is copied.
 */
function openSnapshot(sqlite: BetterSqlite3.Database): Snapshot {
  const connection = sqlite.memory
    ? new BetterSqlite3(sqlite.serialize())
    : new BetterSqlite3(sqlite.name, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    // Deferred: the snapshot is taken by the first read and kept until close().
    connection.exec('BEGIN');
  } catch (error) {
    connection.close();
    throw error;
  }
  const db = sqliteKysely(connection);
  return {
    db,
    dialect: sqliteDialect(connection),
    close: async () => {
      if (!connection.open) return;
      try {
        if (connection.inTransaction) connection.exec('COMMIT');
      } finally {
        await db.destroy();
      }
    },
  };
}

/** WAL pages between the writer's own checkpoints during a bulk write (SQLite's default is 1,000, about 4 MB). */
const RUN_WAL_AUTOCHECKPOINT = 8_000;
/** WAL size at which a bulk write hands its checkpoints to a worker: SQLite's own default, 1,000 pages. */
const WORKER_AFTER_WAL_BYTES = 4 * 1024 * 1024;
const WAL_WATCH_MS = 100;

/**
 * Fewer checkpoints on the writer's connection during a bulk write: each copies (and syncs) the index
 * pages every commit since the last one touched, so fewer of them write far less. Once the write has
 * put as much in the WAL as SQLite would checkpoint at, its checkpoints move to a worker thread
 * (checkpointer.ts), so the thread that answers the app's window and a server's users never copies
 * the WAL into the file itself. A small write (a nightly sync that finds little new) never starts a
 * worker.
 */
async function withBulkCheckpoints<T>(sqlite: BetterSqlite3.Database, work: () => Promise<T>): Promise<T> {
  const previous = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${RUN_WAL_AUTOCHECKPOINT}`);
  let checkpointer: Checkpointer | null = null;
  const walPath = `${sqlite.name}-wal`;
  const watch = sqlite.memory
    ? null
    : setInterval(() => {
        if (walBytes(walPath) < WORKER_AFTER_WAL_BYTES) return;
        clearInterval(watch!);
        checkpointer = startCheckpointer(sqlite, RUN_WAL_AUTOCHECKPOINT);
      }, WAL_WATCH_MS);
  try {
    return await work();
  } finally {
    if (watch) clearInterval(watch);
    await (checkpointer as Checkpointer | null)?.stop();
    if (sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${previous}`);
  }
}

function walBytes(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
