/**
 * Automatic backups through SQLite's online backup API: consistent even while the app writes. The copy
 * runs on a worker thread with its own connection (backupWorker.ts) when one can start, so the app's
 * window and a server's users are not kept waiting; otherwise on this thread. It is written under a
 * temporary name and renamed when complete, so a process killed mid-copy never leaves a half backup
 * that looks like the latest one.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Temporal } from '../../../../shared/time';
import { workerEntry } from '../../workerEntry';
import { backupFileName, inBackupOrder, isBackupName } from './backupNames';
import type { BackupDone, BackupJob } from './backupProtocol';
import type { ReadableDB } from '../work/handles';

export const BACKUPS_KEPT = 7;
const PARTIAL = '.partial';

export function listBackups(folder: string): string[] {
  try {
    return inBackupOrder(
      readdirSync(folder)
        .filter(isBackupName)
        .map((name) => join(folder, name)),
    );
  } catch {
    return [];
  }
}

export function latestBackup(folder: string): string | null {
  return listBackups(folder).at(-1) ?? null;
}

/** The bundled worker, or the sources' bootstrap; null when neither is there. */
export function backupWorkerEntry(here: string = import.meta.url): URL | null {
  return workerEntry(here, 'backupWorkerBoot.mjs', 'storeBackupWorker.js');
}

/**
 * Writes a new backup, named with the Central time of `at` (the engine's clock), and keeps the newest
 * `keep`; returns the new file's path. SQLite only: a district server's PostgreSQL is backed up by its
 * administrator with pg_dump (docs/team-mode.md).
 */
export async function backupStore(
  reader: ReadableDB,
  folder: string,
  at: Temporal.Instant,
  keep = BACKUPS_KEPT,
  entry: URL | null = backupWorkerEntry(),
): Promise<string> {
  mkdirSync(folder, { recursive: true });
  // Copies a killed process left behind: never complete, never listed.
  for (const name of readdirSync(folder).filter(
    (n) => n.endsWith(PARTIAL) && isBackupName(n.slice(0, -PARTIAL.length)),
  ))
    await rm(join(folder, name), { force: true });
  const existing = new Set(listBackups(folder));
  let file = join(folder, backupFileName(at));
  for (let copy = 2; existing.has(file); copy++) file = join(folder, backupFileName(at, copy));
  const partial = file + PARTIAL;
  try {
    await reader.dialect.backupTo(partial, entry);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const all = listBackups(folder);
  // Asynchronously: removing a file the size of a district's store holds a thread for a while, and
  // on a server the event loop answers everyone's calls.
  for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(old, { force: true });
  return file;
}

export function copyOnWorker(entry: URL, job: BackupJob): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry, { workerData: job });
    let answered = false;
    worker.once('message', (done: BackupDone) => {
      answered = true;
      if (done.ok) resolve();
      else reject(new Error(`The backup could not be written to ${job.target}: ${done.message}`));
    });
    worker.once('error', (error) => {
      answered = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The backup worker stopped (exit ${code}) before finishing ${job.target}.`));
    });
  });
}
