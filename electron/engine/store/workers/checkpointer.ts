/**
 * Checkpoints of a bulk write on a worker thread (checkpointWorker.ts), for a SQLite file. While it
 * runs, the writer's connection does not checkpoint (wal_autocheckpoint 0); if the worker cannot
 * start or stops early, the writer checkpoints again itself, so the WAL never grows unchecked.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../workerEntry';
import type { CheckpointJob, FromCheckpointer, ToCheckpointer } from './checkpointProtocol';

const INTERVAL_MS = 250;

export function checkpointWorkerEntry(here: string = import.meta.url): URL | null {
  return workerEntry(here, 'checkpointWorkerBoot.mjs', 'storeCheckpointWorker.js');
}

export interface Checkpointer {
  /** Folds what is left and ends the worker; resolves when it has (callers need not wait). */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing `sqlite`'s file on a worker, with the writer's own checkpoints off; null (and
 * nothing changed) for an in-memory database or when there is no worker to start.
 * `fallbackPages`: the writer's wal_autocheckpoint should the worker fail.
 */
export function startCheckpointer(
  sqlite: BetterSqlite3.Database,
  fallbackPages: number,
  entry: URL | null = checkpointWorkerEntry(),
): Checkpointer | null {
  if (sqlite.memory || !entry) return null;
  const job: CheckpointJob = { path: sqlite.name, intervalMs: INTERVAL_MS };
  const worker = new Worker(entry, { workerData: job });
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopped = false;
  const ended = new Promise<void>((resolve) => {
    const end = () => {
      if (!stopped && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${fallbackPages}`);
      resolve();
    };
    worker.on('message', (message: FromCheckpointer) => {
      if (message.type === 'stopped') resolve();
    });
    worker.once('error', end);
    worker.once('exit', end);
  });
  return {
    stop() {
      stopped = true;
      worker.postMessage({ type: 'stop' } satisfies ToCheckpointer);
      return ended;
    },
  };
}
