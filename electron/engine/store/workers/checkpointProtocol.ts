/** What the checkpoint worker (checkpointWorker.ts) is given, told and answers. */
export interface CheckpointJob {
  /** The store's SQLite file. */
  path: string;
  /** How often it folds the WAL into the file while the bulk write runs. */
  intervalMs: number;
}

/** To the worker: fold what is left, then close and end. */
export type ToCheckpointer = { type: 'stop' };

/** From the worker: its connection is open, or it has closed after its last checkpoint. */
export type FromCheckpointer = { type: 'ready' } | { type: 'stopped' };
