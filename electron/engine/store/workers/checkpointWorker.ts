/**
 * The checkpoint worker (a worker_threads entry): while a bulk write runs (a sync, a bank import),
 * folds the WAL into the database file on a connection of its own. A checkpoint copies and syncs
 * every page the commits since the last one touched; run by the writer's own connection it held the
 * thread that answers the app's window and a server's users for 100-250 ms at a time. PASSIVE: it
 * never waits for or blocks the writer or the readers, and takes what is committed so far.
 */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { CheckpointJob, FromCheckpointer, ToCheckpointer } from './checkpointProtocol';

const { path, intervalMs } = workerData as CheckpointJob;
const port = parentPort!;
const post = (message: FromCheckpointer) => port.postMessage(message);

const db = new BetterSqlite3(path, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
const timer = setInterval(checkpoint, intervalMs);
port.on('message', (message: ToCheckpointer) => {
  if (message.type !== 'stop') return;
  clearInterval(timer);
  try {
    checkpoint();
  } finally {
    db.close();
    post({ type: 'stopped' });
    port.close();
  }
});
post({ type: 'ready' });
