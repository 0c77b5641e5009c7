/**
 * The GL days are fetched while the deposits phase reads and writes its pages (issue 31: the fetch
 * worker sat idle through it, and the nightly's GL phase waited for it to end).
 */
import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSyncedHarness } from './harness';

describe('the GL days of a run', () => {
  const closing = closeAfterEach();

  it('are asked for before the deposits phase has its answers, and the run still ends as before', async () => {
    const { h, summary } = await startSyncedHarness({ from: '2026-02-20' });
    closing(h);
    const events: string[] = [];
    // The client on this thread (an injected fetch keeps the walks off the worker), so the order of
    // requests is seen; each deposits answer is held back a while.
    h.engine.internals.sync.clientTuning = {
      ...h.engine.internals.sync.clientTuning,
      fetch: async (input, init) => {
        const path = new URL(String(input)).pathname;
        const deposits = path.endsWith('/batches');
        if (deposits || path.endsWith('/gl-batches')) events.push(`asked ${path}`);
        const response = await fetch(input, init);
        if (deposits) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          events.push('deposits answered');
        }
        return response;
      },
    };
    const nightly = await h.sync();
    expect(nightly.status).toBe('succeeded');
    expect(nightly.glBatchesSynced).toBe(summary.glBatchesSynced);
    const firstDepositsAnswer = events.indexOf('deposits answered');
    expect(firstDepositsAnswer).toBeGreaterThan(0);
    expect(events.slice(0, firstDepositsAnswer)).toContain('asked /gl-batches');
  });
});
