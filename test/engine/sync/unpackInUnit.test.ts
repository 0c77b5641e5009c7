/**
 * A sync's transaction pages are unpacked by the store's unit of work as it runs, not before it
 * (issue 31): unpacked before, a unit's objects lived across the turn of the event loop it may take
 * first (fairTurns.ts), when V8 runs most young collections, and were promoted. What is counted is
 * where each unpacking happens, against the store's commits in flight; not a time or a heap figure.
 */
import { describe, expect, it, vi } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness } from './harness';

const seen = vi.hoisted(() => ({ committing: 0, insideCommit: 0, outsideCommit: 0 }));

vi.mock('../../../electron/engine/store/syncState', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/engine/store/syncState')>();
  return {
    ...real,
    commitSyncStep: async (...args: Parameters<typeof real.commitSyncStep>) => {
      seen.committing++;
      try {
        return await real.commitSyncStep(...args);
      } finally {
        seen.committing--;
      }
    },
  };
});

vi.mock('../../../electron/engine/sync/packedPages', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/engine/sync/packedPages')>();
  return {
    ...real,
    unpackObjects: (...args: Parameters<typeof real.unpackObjects>) => {
      if (seen.committing > 0) seen.insideCommit++;
      else seen.outsideCommit++;
      return real.unpackObjects(...args);
    },
  };
});

describe("a sync's transaction pages", () => {
  const closing = closeAfterEach();

  it('are unpacked inside the unit of work that writes them, never before it', async () => {
    const h = await startHarness();
    closing(h);
    const summary = await h.sync();
    expect(summary.status).toBe('succeeded');
    expect(summary.transactionsInserted).toBeGreaterThan(0);
    expect(seen.insideCommit).toBeGreaterThan(0);
    expect(seen.outsideCommit).toBe(0);
  });
});
