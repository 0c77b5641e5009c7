/**
 * Issue 27: a newcomer finds a table family in one guess, so the store stays a short list of folders
 * (at most 22 entries at its top level) and no folder of it grows past 14 entries (files and
 * subfolders); a family that outgrows that splits, as migrations/ did by the work each migration
 * came with.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const STORE = resolve(dirname(fileURLToPath(import.meta.url)), '../../electron/engine/store');
const TOP_LEVEL_MOST = 22;
const FOLDER_MOST = 14;

/** Each folder under `root` (itself included) with the number of entries it holds. */
function folderSizes(root: string): Array<{ folder: string; entries: number }> {
  const entries = readdirSync(root, { withFileTypes: true });
  return [
    { folder: relative(STORE, root) || '.', entries: entries.length },
    ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => folderSizes(join(root, entry.name))),
  ];
}

describe('the store folder', () => {
  it(`has at most ${TOP_LEVEL_MOST} entries at its top level`, () => {
    expect(readdirSync(STORE).length).toBeLessThanOrEqual(TOP_LEVEL_MOST);
  });

  it(`has no folder of more than ${FOLDER_MOST} entries`, () => {
    const sizes = folderSizes(STORE);
    expect(sizes.length).toBeGreaterThan(10);
    expect(sizes.filter(({ folder, entries }) => folder !== '.' && entries > FOLDER_MOST)).toEqual([]);
  });
});
