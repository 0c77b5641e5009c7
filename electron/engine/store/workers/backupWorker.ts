/**
 * The backup worker (a worker_threads entry): copies the SQLite file at `source` to `target` through
 * SQLite's online backup API on a connection of its own. Copying a district's store takes a second or
 * more, most of it in the copy's final step (its commit and fsync); on the main thread that second
 * was one long wait for every call a server or the app's window made meanwhile.
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { BackupDone, BackupJob } from './backupProtocol';

const { source, target } = workerData as BackupJob;
const done = (message: BackupDone) => parentPort!.postMessage(message);

try {
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    // All pages in one step after the first (which only sets up): one read snapshot throughout, so a
    // write on another connection during the copy cannot restart it again and again.
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  done({ ok: true });
} catch (error) {
  done({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
