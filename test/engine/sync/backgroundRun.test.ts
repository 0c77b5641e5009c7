/**
 * A sync run is background store work from its first page to its announcement (store/dialect/
 * backgroundWork.ts): on SQLite it gives way to the calls people wait on, and those are not.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isBackgroundWork } from '../../../electron/engine/store/dialect/backgroundWork';
import { startHarness, type Harness } from './harness';

let h: Harness | undefined;

afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a sync run', () => {
  it('is background work through its pages, its checks and its announcement; the calls beside it are not', async () => {
    h = await startHarness();
    const seen: Array<[string, boolean]> = [];
    // Listeners run in the run's own turn: what they see is what the run's store calls see.
    h.engine.on('sync.progress', (progress) => seen.push([progress.phase, isBackgroundWork()]));
    h.engine.on('data.changed', () => seen.push(['data.changed', isBackgroundWork()]));
    const started = await h.engine.internals.sync.start({ trigger: 'manual' });
    expect(isBackgroundWork()).toBe(false);
    const [overview] = await Promise.all([
      h.engine.call('overview.get', {}).then((answer) => [answer, isBackgroundWork()] as const),
      started.finished,
    ]);
    expect(overview[1]).toBe(false);
    const phases = new Set(seen.map(([phase]) => phase));
    for (const phase of ['transactions', 'batches', 'gl_batches', 'done', 'data.changed'])
      expect(phases).toContain(phase);
    expect(seen.filter(([, background]) => !background)).toEqual([]);
  });
});
