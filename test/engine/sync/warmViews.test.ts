/**
 * The first views after a sync (issue 31): the run builds what the Overview and GL Batches read
 * before it reports itself finished, so their first call computes nothing (it took 0.7-1 s on
 * PostgreSQL when the first caller rebuilt them).
 */
import { describe, expect, it } from 'vitest';
import { cachedGlBatchReport } from '../../../electron/engine/cachedReads';
import { createEngineWithInternals } from '../../../electron/engine/engine';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness, startSyncedHarness } from './harness';
import { computedKeys } from './readCacheWatch';

describe('the read cache after a sync', () => {
  const closing = closeAfterEach();

  it('holds the Overview and the GL Batches range the view opens on when the run finishes', async () => {
    const h = closing(await startHarness());
    const summary = await h.sync('2026-02-20');
    expect(summary.status).toBe('succeeded');
    const computed = computedKeys(h.engine.internals);

    const overview = await h.engine.call('overview.get', {});
    const range = await h.engine.call('glBatches.defaultRange', {});
    const gl = await h.engine.call('glBatches.list', { from: range.from, to: range.to });

    expect(computed).toEqual([]);
    expect(gl.rows.length).toBeGreaterThan(0);
    expect(overview.lastRun?.id).toBe(summary.id);
    // A range not built yet is computed on its first call, as before.
    await h.engine.call('glBatches.list', { from: range.from, to: range.from });
    expect(computed).toHaveLength(1);
  }, 180_000);

  it('holds them when a district server opens, before its first call', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-02-20' })).h);
    // A second engine on the synced store, as `district-recon serve` opens one after a restart.
    const server = await createEngineWithInternals({ ...h.engine.internals.options, sharedServer: true });
    try {
      const computed = computedKeys(server.internals);
      const overview = await server.call('overview.get', {});
      const range = await server.call('glBatches.defaultRange', {});
      const gl = await server.call('glBatches.list', { from: range.from, to: range.to });
      const batches = await server.call('batches.list', { filter: {}, limit: 200 });
      expect(computed).toEqual([]);
      expect(overview).toEqual(await h.engine.call('overview.get', {}));
      expect(gl).toEqual(await h.engine.call('glBatches.list', { from: range.from, to: range.to }));
      expect(batches.rows.length).toBeGreaterThan(0);
      // An engine on one person's computer builds nothing ahead: it may never show those views.
      const desktop = await createEngineWithInternals({ ...h.engine.internals.options, sharedServer: false });
      try {
        const computedThere = computedKeys(desktop.internals);
        await desktop.call('overview.get', {});
        expect(computedThere).toHaveLength(2);
      } finally {
        await desktop.close();
      }
    } finally {
      await server.close();
    }
  }, 180_000);

  it('keys a GL range by its fields, in whatever order a caller names them', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-02-20' })).h);
    const ctx = h.engine.internals;
    const computed = computedKeys(ctx);
    const first = await cachedGlBatchReport(ctx, { from: '2026-02-20', to: '2026-03-01' }, 50);
    const again = await cachedGlBatchReport(ctx, { to: '2026-03-01', from: '2026-02-20', payeeIds: undefined }, 50);
    expect(again).toBe(first);
    expect(computed).toHaveLength(1);
  }, 180_000);
});
