/** Automatic backups through SQLite's online backup API: consistent even while the app writes. */
import { mkdirSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ReadableDB } from './handles';

export const BACKUPS_KEPT = 7;
const NAME = /^district-recon-\d{8}T\d{6}(-\d+)?Z?\.sqlite$/;

export function listBackups(folder: string): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => NAME.test(name))
      .sort()
      .map((name) => join(folder, name));
  } catch {
    return [];
  }
}

export function latestBackup(folder: string): string | null {
  return listBackups(folder).at(-1) ?? null;
}

/**
 * Writes a new backup and keeps the newest `keep`; returns the new file's path. SQLite only: a
 * district server's PostgreSQL is backed up by its administrator with pg_dump (docs/team-mode.md).
 */
export async function backupStore(
  { sqlite }: ReadableDB,
  folder: string,
  now: Date,
  keep = BACKUPS_KEPT,
): Promise<string> {
  if (!sqlite) throw new Error('Automatic backups are for a SQLite file; back up PostgreSQL with pg_dump.');
  mkdirSync(folder, { recursive: true });
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  const existing = new Set(listBackups(folder));
  let file = join(folder, `district-recon-${stamp}Z.sqlite`);
  for (let n = 2; existing.has(file); n++) file = join(folder, `district-recon-${stamp}-${n}Z.sqlite`);
  await sqlite.backup(file);
  const all = listBackups(folder);
  // Asynchronously: removing a file the size of a district's store holds a thread for a while, and
  // on a server the event loop answers everyone's calls.
  for (const old of all.slice(0, Math.max(0, all.length - keep))) await rm(old, { force: true });
  return file;
}
