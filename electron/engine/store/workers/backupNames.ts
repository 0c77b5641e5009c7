/**
 * What an automatic backup is called, and the moment a name stands for. Backups are named with the
 * Central wall-clock time they were made (`district-recon-2026-03-01T23-30-00-CT.sqlite`), as every
 * file the bookkeeper sees is dated; earlier versions named them in UTC
 * (`district-recon-20260302T053000Z.sqlite`), and a folder may hold both. The newest backup is the one
 * a damaged store is restored from and the oldest are removed, so they are ordered by the moment each
 * name stands for, never by the name's letters (a UTC name would sort after every Central one).
 */
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { centralFileStamp, centralFileStampInstants, Temporal } from '../../../../shared/time';

const PREFIX = 'district-recon-';
const CENTRAL = /^district-recon-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-CT)(?:-(\d+))?\.sqlite$/;
const UTC = /^district-recon-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:-(\d+))?Z?\.sqlite$/;

/** The file name of a backup made at `at`; `copy` 2, 3, … when one of that second is there already. */
export function backupFileName(at: Temporal.Instant, copy = 1): string {
  return `${PREFIX}${centralFileStamp(at)}${copy > 1 ? `-${copy}` : ''}.sqlite`;
}

export function isBackupName(name: string): boolean {
  return CENTRAL.test(name) || UTC.test(name);
}

interface BackupMoment {
  epochMs: number;
  copy: number;
}

/**
 * When the backup at `path` was made, from its name. In the repeated hour of the fall-back night a
 * Central name stands for two moments an hour apart: the one nearer the file's modification time
 * (when the copy was written) is taken.
 */
function momentOf(path: string): BackupMoment | null {
  const name = basename(path);
  const utc = UTC.exec(name);
  if (utc) {
    const [, y, mo, d, h, mi, s, copy] = utc;
    return { epochMs: Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!), copy: Number(copy ?? 1) };
  }
  const central = CENTRAL.exec(name);
  const instants = central ? centralFileStampInstants(central[1]!) : null;
  if (!instants?.length) return null;
  const copy = Number(central![2] ?? 1);
  if (instants.length === 1) return { epochMs: instants[0]!.epochMilliseconds, copy };
  const written = statSync(path).mtimeMs;
  const nearest = instants.reduce((best, instant) =>
    Math.abs(instant.epochMilliseconds - written) < Math.abs(best.epochMilliseconds - written) ? instant : best,
  );
  return { epochMs: nearest.epochMilliseconds, copy };
}

/** The backups among `paths`, oldest first. */
export function inBackupOrder(paths: string[]): string[] {
  return paths
    .map((path) => ({ path, moment: momentOf(path) }))
    .filter((entry): entry is { path: string; moment: BackupMoment } => entry.moment !== null)
    .sort((a, b) => a.moment.epochMs - b.moment.epochMs || a.moment.copy - b.moment.copy)
    .map((entry) => entry.path);
}
