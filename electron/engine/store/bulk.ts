import type { WritableDB } from './handles';

/** WAL pages between checkpoints during a sync (SQLite's default is 1,000, about 4 MB). */
const RUN_WAL_AUTOCHECKPOINT = 8_000;

/**
 * Runs a bulk write (a sync) with fewer checkpoints: each checkpoint copies (and syncs) the index
 * pages every commit since the last one touched, so fewer of them write far less. The WAL stays a
 * few tens of MB. PostgreSQL checkpoints on its own schedule: there the work simply runs.
 */
export async function withBulkCheckpoints<T>({ sqlite }: WritableDB, work: () => Promise<T>): Promise<T> {
  if (!sqlite) return work();
  const previous = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
  sqlite.pragma(`wal_autocheckpoint = ${RUN_WAL_AUTOCHECKPOINT}`);
  try {
    return await work();
  } finally {
    sqlite.pragma(`wal_autocheckpoint = ${previous}`);
  }
}
