/**
 * Worker threads of a SQLite file: backups and bulk-write checkpoints (loaded by path at run time).
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { BACKUPS_KEPT, listBackups, latestBackup, backupWorkerEntry, backupStore } from './backup';
export type { BackupJob, BackupDone } from './backupProtocol';
export type { CheckpointJob, ToCheckpointer, FromCheckpointer } from './checkpointProtocol';
export { checkpointWorkerEntry, startCheckpointer } from './checkpointer';
export type { Checkpointer } from './checkpointer';
