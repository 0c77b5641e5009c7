/**
 * What an export may be written onto (issue 26): a name that is not there, or a regular file the
 * bookkeeper gave leave to replace. A FIFO, a device, a socket or a folder is never a target, with
 * leave or without: renaming over one replaces a system file (as root, `/dev/null` itself) and
 * writing into one feeds whatever reads it. A symbolic link is followed only to a file in the folder
 * it names, so a link cannot carry an export out of the folder the bookkeeper chose.
 */
import {
  constants,
  createWriteStream,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import type { Stats, WriteStream } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { ContractError } from '../../../shared/contract';

/** `.~` + name + `.` + 12 hex digits + `.tmp`: what reserveTemp adds to a name. */
export const TEMP_NAME_EXTRA_BYTES = 19;
/** The longest file name most filesystems take (ext4, APFS, NTFS: 255). */
const FILESYSTEM_NAME_BYTES = 255;
export const LONGEST_EXPORT_NAME_BYTES = FILESYSTEM_NAME_BYTES - TEMP_NAME_EXTRA_BYTES;

export interface ExportTarget {
  /** Where the file lands: the name given, or the file in its folder that a link there names. */
  path: string;
  /** A regular file is there, and the caller gave leave to replace it. */
  exists: boolean;
}

/** Refuses, before anything is recorded or written, what an export must not be written onto. */
export function checkTarget(requested: string, overwrite: boolean): ExportTarget {
  const nameBytes = Buffer.byteLength(basename(requested));
  if (nameBytes > LONGEST_EXPORT_NAME_BYTES) {
    throw exportError(
      requested,
      `the file name is ${nameBytes} bytes long and an export's name can be at most ${LONGEST_EXPORT_NAME_BYTES} (the disk's ${FILESYSTEM_NAME_BYTES} less room for its temporary name); choose a shorter name`,
    );
  }
  const folder = dirname(requested);
  const folderInfo = statOrNull(folder);
  if (!folderInfo) throw exportError(requested, 'the folder does not exist');
  if (!folderInfo.isDirectory()) throw exportError(requested, `${folder} is not a folder`);

  let path = requested;
  let info = lstatOrNull(requested);
  if (info === null) return { path, exists: false };
  if (info.isSymbolicLink()) {
    path = followInFolder(requested, folder);
    info = lstatSync(path);
  }
  const kind = specialKind(info);
  if (kind) {
    throw exportError(
      requested,
      `${path === requested ? 'it' : path} is ${kind}, not a file; an export is written only to a new name or over a regular file, so choose another name`,
    );
  }
  if (!overwrite) {
    throw new ContractError(
      'CONFLICT',
      `${requested} already exists and was left as it is. Choose another file name, or allow replacing it (the CLI's --force).`,
    );
  }
  return { path, exists: true };
}

/** Is `path` still what checkTarget let through: missing, or a regular file? (Just before the rename.) */
export function stillPlaceable(path: string): void {
  const info = lstatOrNull(path);
  const kind = info && (info.isSymbolicLink() ? 'a symbolic link' : specialKind(info));
  if (kind) throw exportError(path, `it became ${kind} while the export was written; choose another name`);
}

/**
 * Opens a file to write (an export's reserved temporary file) without following a link or blocking
 * on a pipe put in its place meanwhile, and checks it is a regular file before a byte goes into it.
 */
export function openTempForWriting(temp: string): WriteStream {
  const flags =
    constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const fd = openSync(temp, flags, 0o644);
  const stream = createWriteStream('', { fd });
  if (!fstatSync(fd).isFile()) {
    stream.destroy();
    throw Object.assign(new Error(`${temp} is not a regular file`), { code: 'EEXIST' });
  }
  return stream;
}

/**
 * The browser host's exports folder, `<dataFolder>/exports`: made when missing; a link to a folder
 * inside the data folder is followed, anything else in its place (a file, a pipe, a device, a link
 * leading out or to nothing) is refused, so an export the host names itself cannot land elsewhere.
 */
export function exportsFolder(dataFolder: string): string {
  const folder = join(dataFolder, 'exports');
  const info = lstatOrNull(folder);
  if (info === null) {
    try {
      mkdirSync(folder, { recursive: true });
    } catch (error) {
      throw exportError(folder, (error as Error).message);
    }
    return folder;
  }
  if (info.isDirectory()) return folder;
  if (!info.isSymbolicLink()) {
    throw exportError(
      folder,
      `it is ${specialKind(info) ?? 'a file'}, not a folder; move it away so District Recon can make its exports folder there`,
    );
  }
  let real: string;
  try {
    real = realpathSync(folder);
  } catch {
    throw exportError(
      folder,
      `it is a symbolic link to ${readlinkSync(folder)}, which does not exist; remove the link so District Recon can make its exports folder there`,
    );
  }
  const within = relative(realpathSync(dataFolder), real);
  if (within === '' || within.startsWith('..') || isAbsolute(within) || !statSync(real).isDirectory()) {
    throw exportError(
      folder,
      `it is a symbolic link to ${real}, not a folder inside the data folder; exports stay in the data folder, so remove the link`,
    );
  }
  return real;
}

function followInFolder(link: string, folder: string): string {
  let real: string;
  try {
    real = realpathSync(link);
  } catch {
    throw exportError(
      link,
      `it is a symbolic link to ${readlinkSync(link)}, which does not exist; an export does not write through a link, so name the file itself or choose a new name`,
    );
  }
  if (dirname(real) !== realpathSync(folder)) {
    throw exportError(
      link,
      `it is a symbolic link to ${real}, outside ${resolve(folder)}; an export does not follow a link out of its folder, so name the file itself or choose a new name`,
    );
  }
  return real;
}

function specialKind(info: Stats): string | null {
  if (info.isFile()) return null;
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice()) return 'a character device (such as /dev/null)';
  if (info.isBlockDevice()) return 'a block device (a disk)';
  if (info.isSocket()) return 'a socket';
  return 'something other than a file';
}

export function exportError(target: string, reason: string): ContractError {
  return new ContractError('EXPORT', `Could not write the export to ${target}: ${reason}. Nothing was written there.`);
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
