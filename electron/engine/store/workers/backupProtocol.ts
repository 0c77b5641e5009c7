/** What the backup worker (backupWorker.ts) is given and answers. */
export interface BackupJob {
  /** The store's SQLite file. */
  source: string;
  /** Where the copy goes: a file that does not exist yet. */
  target: string;
}

export type BackupDone = { ok: true } | { ok: false; message: string };
