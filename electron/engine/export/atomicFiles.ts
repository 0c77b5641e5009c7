/**
 * Writes go to a temporary name in the destination's own folder (same filesystem, so the rename is
 * atomic) and are renamed only when complete. Any failure removes what was written and becomes a
 * ContractError('EXPORT') naming the path and what to do.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, statSync } from 'node:fs';
import { link, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ContractError } from '../../../shared/contract';

export interface PendingFile {
  /** Where it ends up. */
  target: string;
  /** Where it is written meanwhile. */
  temp: string;
  /**
   * The target was there when the export began, so the caller had leave to replace it (it refuses an
   * existing file otherwise). A target that was not there must still not be there at the end.
   */
  replaces: boolean;
}

/** Checks the destination and reserves a temporary file beside it (created empty, exclusively). */
export function reserveTemp(target: string): PendingFile {
  const folder = dirname(target);
  const folderInfo = statOrNull(folder);
  if (!folderInfo) throw exportError(target, 'the folder does not exist');
  if (!folderInfo.isDirectory()) throw exportError(target, `${folder} is not a folder`);
  const existing = statOrNull(target);
  if (existing?.isDirectory()) throw exportError(target, 'a folder with that name is already there');
  const temp = join(folder, `.~${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    closeSync(openSync(temp, 'wx'));
  } catch (error) {
    throw exportError(target, reasonOf(error));
  }
  return { target, temp, replaces: existing !== null };
}

/** Renames every temp onto its target; if one fails, removes the temps and the targets already renamed. */
export async function commitFiles(files: readonly PendingFile[]): Promise<void> {
  const done: PendingFile[] = [];
  for (const file of files) {
    try {
      await (file.replaces ? rename(file.temp, file.target) : placeWithoutReplacing(file));
      done.push(file);
    } catch (error) {
      await discard(files.filter((f) => !done.includes(f)));
      await Promise.all(done.map((f) => unlink(f.target).catch(() => undefined)));
      if ((error as { code?: string }).code === 'EEXIST') {
        throw new ContractError(
          'CONFLICT',
          `${file.target} appeared while this export was written (another export or program wrote it); it was left as it is and this export was not recorded. Export again.`,
        );
      }
      throw exportError(file.target, reasonOf(error));
    }
  }
}

/**
 * A hard link cannot replace: of two exports finishing onto one name, the second gets EEXIST instead
 * of silently overwriting the first's file. Where links are not supported (FAT, some shares), a
 * check then a rename, which narrows the window to the moment between them.
 */
async function placeWithoutReplacing(file: PendingFile): Promise<void> {
  try {
    await link(file.temp, file.target);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    if (await fileExists(file.target)) throw Object.assign(new Error('target exists'), { code: 'EEXIST' });
    await rename(file.temp, file.target);
    return;
  }
  await unlink(file.temp);
}

export async function discard(files: readonly PendingFile[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f.temp).catch(() => undefined)));
}

export async function fileExists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}

export function exportError(target: string, reason: string): ContractError {
  return new ContractError('EXPORT', `Could not write the export to ${target}: ${reason}. Nothing was written there.`);
}

/** Words for a filesystem error, with what the bookkeeper can do about it. */
export function reasonOf(error: unknown): string {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (choose a folder you can write to)';
    case 'EBUSY':
      return 'the file is open in another program, such as Excel (close it and export again)';
    case 'ENOENT':
      return 'the folder does not exist';
    case 'ENOTDIR':
      return 'part of the path is a file, not a folder';
    case 'EISDIR':
      return 'a folder with that name is already there';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
