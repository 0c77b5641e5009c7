/**
 * Tests with what they work on set up and torn down around them. `folderTest`: a new temporary
 * folder. `engineTest`: that folder and an engine of its own in it, closed when the test ends.
 * Fixtures: `now` (the clock's first instant), `clock` (fixed there; a test may set it on),
 * `fileDb` (false: the store in memory; true: a file in the folder), `folder`, `engine`, and `db`
 * (the engine's write connection, for seeding rows). A describe block sets its own with
 * `engineTest.override({ now: '…' })` and seeds with `engineTest.beforeEach(({ db }) => …)`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { fixedClock } from '../../shared/time';
import { createTestEngine } from './engine';

/** A test with a new temporary folder of its own (`folder`), removed when the test ends. */
export const folderTest = it.extend(
  'folder',
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructured first argument: none
  async ({}, { onCleanup }) => {
    const folder = mkdtempSync(join(tmpdir(), 'recon-test-'));
    onCleanup(() => rmSync(folder, { recursive: true, force: true }));
    return folder;
  },
);

export const engineTest = folderTest
  .extend('now', '2026-03-10T15:00:00Z')
  .extend('fileDb', false)
  .extend('clock', async ({ now }) => fixedClock(now))
  .extend('engine', async ({ clock, fileDb, folder }, { onCleanup }) => {
    const engine = await createTestEngine({
      clock,
      dataFolder: folder,
      ...(fileDb ? { databasePath: join(folder, 'district-recon.sqlite') } : {}),
    });
    onCleanup(() => engine.close());
    return engine;
  })
  .extend('db', async ({ engine }) => engine.internals.store.writer.db);
