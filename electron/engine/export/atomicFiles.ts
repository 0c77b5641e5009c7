/**
 * Writes go to a temporary name in the destination's own folder (same filesystem, so the rename is
 * atomic) and are renamed only when complete. Any failure removes what was written and becomes a
 * ContractError('EXPORT') naming the path and what to do.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync } from 'node:fs';
import { link, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ContractError } from '../../../shared/contract';
import { checkTarget, exportError, stillPlaceable } from './exportTarget';

export { exportError, openTempForWriting } from './exportTarget';

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

/**
 * Checks the destination (exportTarget.ts: a new name, or a regular file when `overwrite`) and
 * reserves a temporary file beside it, created empty and exclusively, never through a link.
 */
export function reserveTemp(requested: string, overwrite = false): PendingFile {
  const { path: target, exists } = checkTarget(requested, overwrite);
  const folder = dirname(target);
  const temp = join(folder, `.~${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    closeSync(openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644));
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The folder is there (checkTarget saw it), yet it takes no new file: /proc, /sys and the like.
    if (code === 'ENOENT' || code === 'EINVAL')
      throw exportError(
        requested,
        `${folder} does not take new files (a system folder such as /proc); choose a folder of your own`,
      );
    throw exportError(requested, reasonOf(error));
  }
  return { target, temp, replaces: exists };
}

/**
 * A second temporary name beside `file`'s, of the same shape (so recovery removes it, and it is no
 * longer than the name reserveTemp checked): scratch space the writer removes itself.
 */
export function scratchBeside(file: PendingFile): string {
  return join(dirname(file.target), `.~${basename(file.target)}.${randomBytes(6).toString('hex')}.tmp`);
}

/** Renames every temp onto its target; if one fails, removes the temps and the targets already renamed. */
export async function commitFiles(files: readonly PendingFile[]): Promise<void> {
  const done: PendingFile[] = [];
  for (const file of files) {
    try {
      stillPlaceable(file.target);
      await (file.replaces ? rename(file.temp, file.target) : placeWithoutReplacing(file));
      done.push(file);
    } catch (error) {
      await discard(files.filter((f) => !done.includes(f)));
      await Promise.all(done.map((f) => unlink(f.target).catch(() => undefined)));
      if (error instanceof ContractError) throw error;
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
    case 'ENAMETOOLONG':
      return 'the path is too long for the disk (choose a shorter name or a folder nearer the top)';
    case 'ELOOP':
      return 'a symbolic link is in the way (an export does not write through one; choose another name)';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
