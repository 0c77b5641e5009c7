/**
 * Saves a printed packet where `--out` says (and the district workbook where `--xlsx` says), as
 * export saves its files (engine/export/atomicFiles.ts, which a host may not import): never through
 * a symbolic link, onto a device, pipe or folder; an existing file only with --force; written to a
 * temporary name beside it and put in place whole, so nothing half written is ever left under the name.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export class PacketFileError extends Error {}

function kindOf(info: Awaited<ReturnType<typeof lstat>>): string | null {
  if (info.isSymbolicLink()) return 'a symbolic link (nothing is written through one)';
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a pipe';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return null;
}

async function lstatOrNull(path: string) {
  return lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/** Refuses what must not be written onto; whether a regular file is there (to be replaced). */
async function checkTarget(target: string, force: boolean): Promise<boolean> {
  const folder = await stat(dirname(target)).catch(() => null);
  if (!folder?.isDirectory()) throw new PacketFileError(`${dirname(target)} is not a folder that exists`);
  const info = await lstatOrNull(target);
  if (!info) return false;
  const kind = kindOf(info);
  if (kind) throw new PacketFileError(`${target} is ${kind}; choose another file name`);
  if (!force)
    throw new PacketFileError(`${target} already exists and was left as it is; choose another name or add --force`);
  return true;
}

/** Writes `bytes` to `requested` whole, or not at all (PacketFileError saying why). */
export async function savePacketFile(requested: string, bytes: Uint8Array, force: boolean): Promise<string> {
  const target = resolve(requested);
  const replaces = await checkTarget(target, force);
  const temp = join(dirname(target), `.~${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const file = await open(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o644,
    );
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    // Checked again just before: something may have appeared under the name meanwhile.
    if ((await checkTarget(target, force)) || replaces) await rename(temp, target);
    else await placeWithoutReplacing(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if (error instanceof PacketFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new PacketFileError(
      `cannot write ${target}: ${code === 'EEXIST' ? 'a file appeared under that name meanwhile' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOSPC' ? 'the disk is full' : (error as Error).message}; nothing was written`,
    );
  }
  return target;
}

/** A hard link cannot replace a file that appeared meanwhile; where links are not supported, a rename. */
async function placeWithoutReplacing(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    await rename(temp, target);
    return;
  }
  await unlink(temp);
}
