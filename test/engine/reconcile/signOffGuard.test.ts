import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { refreshBatchChecks } from '../../../electron/engine/reconcile';
import { districtEngine } from './districtEngine';
import { amountChangedAfterBatching } from './fixtures';

describe('sign-off is one guarded transaction', () => {
  let engine: Engine;
  beforeEach(async () => {
    ({ engine } = await districtEngine());
  });
  afterEach(() => engine.close());

  it('of 20 concurrent sign-offs of one batch through the contract, exactly one succeeds; the rest name who signed', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => engine.call('batches.signOff', { id: '730001', by: `Clerk ${i}` })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    const winner = (won[0] as PromiseFulfilledResult<{ history: Array<{ by: string }> }>).value.history[0]!.by;
    for (const failure of lost) {
      expect(failure.reason).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringContaining(`already signed off by ${winner}`),
      });
    }
    const detail = await engine.call('batches.get', { id: '730001' });
    expect(detail.history.filter((h) => h.action === 'sign_off')).toHaveLength(1);
  });

  it('refuses to sign checks that changed since the caller read them', async () => {
    const seen = await engine.call('batches.get', { id: '730001' });
    expect(seen.revision).toMatch(/^[0-9a-f]{16}$/);
    // Issue 13: a refund no longer changes a deposit's checks; an amount changed after batching does.
    await amountChangedAfterBatching(engine.internals.store.writer.db, 1001, 2000, '2026-03-04T15:00:00.000Z');
    await refreshBatchChecks(engine.internals.store.writer, ['730001']);
    await expect(
      engine.call('batches.signOff', { id: '730001', note: 'ok', revision: seen.revision! }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('changed since you opened it') });
    const fresh = await engine.call('batches.get', { id: '730001' });
    expect(fresh.revision).not.toBe(seen.revision);
    const signed = await engine.call('batches.signOff', {
      id: '730001',
      note: 'Amount corrected upstream',
      revision: fresh.revision!,
    });
    expect(signed.batch.reviewState).toBe('signed_off');
  });

  it('emits data.changed for batches when a sign-off lands', async () => {
    const scopes: string[][] = [];
    engine.on('data.changed', (e) => scopes.push(e.scopes));
    await engine.call('batches.signOff', { id: '730002' });
    expect(scopes).toContainEqual(['batches']);
  });
});
