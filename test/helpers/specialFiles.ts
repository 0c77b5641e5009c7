/**
 * Special files an export must never be written onto (issue 26): a FIFO and a character device made
 * in a test's own folder, so a regression replaces a node of the test's and never the system's.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export function makeFifo(path: string): string {
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * A character device like /dev/null (major 1, minor 3) in `folder` when this user may make one (root,
 * as the worst case ran); otherwise /dev/null itself, which a user who is not root cannot
 * replace however wrong the code is.
 */
export function makeCharDevice(folder: string, name = 'null-device'): string {
  if (process.getuid?.() !== 0) return '/dev/null';
  const path = join(folder, name);
  execFileSync('mknod', [path, 'c', '1', '3']);
  return path;
}
