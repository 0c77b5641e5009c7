/**
 * `engineTest`: a test with an engine of its own, on a fixed clock, closed when the test ends.
 * Fixtures: `now` (the clock's first instant), `clock` (fixed there; a test may set it on), `fileDb` (false: the store in memory; true: a file in the
 * folder), `folder` (a new temporary data folder, removed after the test), `engine`, and `db` (the
 * engine's write connection, for seeding rows). A describe block sets its own with
 * `engineTest.override({ now: '…' })` and seeds with `engineTest.beforeEach(({ db }) => …)`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { fixedClock } from '../../shared/time';
import { createTestEngine } from './engine';

export const engineTest = it
  .extend('now', '2026-03-10T15:00:00Z')
  .extend('fileDb', false)
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from its destructured first argument: none
  .extend('folder', async ({}, { onCleanup }) => {
    const folder = mkdtempSync(join(tmpdir(), 'recon-engine-'));
    onCleanup(() => rmSync(folder, { recursive: true, force: true }));
    return folder;
  })
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
