import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../shared/time';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { refreshBatchChecks } from '../../../electron/engine/reconcile';
import { districtEngine } from './districtEngine';
import { amountChangedAfterBatching } from './fixtures';

describe("a deposit's detail carries the preparation that still holds", () => {
  let engine: Engine;
  let clock: ReturnType<typeof fixedClock>;
  beforeEach(async () => {
    ({ engine, clock } = await districtEngine());
    await engine.call('settings.set', { patch: { reviewerName: 'Ben Preparer' } });
  });
  afterEach(() => engine.close());

  it('is null until someone prepares it, then names who, when and the note', async () => {
    expect((await engine.call('batches.get', { id: '730001' })).preparation).toBeNull();
    const prepared = await engine.call('batches.prepare', { id: '730001', note: '  Deposit slip matches  ' });
    const expected = { by: 'Ben Preparer', at: '2026-03-04T15:00:00.000Z', note: 'Deposit slip matches' };
    expect(prepared.preparation).toEqual(expected);
    expect((await engine.call('batches.get', { id: '730001' })).preparation).toEqual(expected);
    // Another deposit is not prepared by it.
    expect((await engine.call('batches.get', { id: '730002' })).preparation).toBeNull();
  });

  it('a blank note is no note; the latest preparation is the one shown', async () => {
    await engine.call('batches.prepare', { id: '730001', note: 'first look' });
    clock.advance({ minutes: 5 });
    await engine.call('settings.set', { patch: { reviewerName: 'Cy Second' } });
    const again = await engine.call('batches.prepare', { id: '730001', note: '   ' });
    expect(again.preparation).toEqual({ by: 'Cy Second', at: '2026-03-04T15:05:00.000Z', note: null });
  });

  it('is cleared when the checks change after it, and holds again once prepared anew', async () => {
    await engine.call('batches.prepare', { id: '730001', note: '' });
    await amountChangedAfterBatching(engine.internals.store.writer.db, 1001, 2000, '2026-03-04T15:00:00.000Z');
    await refreshBatchChecks(engine.internals.store.writer, ['730001']);
    const changed = await engine.call('batches.get', { id: '730001' });
    expect(changed.preparation).toBeNull();

    // The sign-off agrees: what the detail no longer shows does not count for a separate approver.
    await engine.call('settings.set', { patch: { requireSeparateApprover: true } });
    await expect(
      engine.call('batches.signOff', { id: '730001', note: 'Amount corrected upstream', by: 'Ria Approver' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('must be prepared again') });

    clock.advance({ minutes: 1 });
    const anew = await engine.call('batches.prepare', { id: '730001', note: 'Rechecked' });
    expect(anew.preparation).toEqual({ by: 'Ben Preparer', at: '2026-03-04T15:01:00.000Z', note: 'Rechecked' });
    const signed = await engine.call('batches.signOff', {
      id: '730001',
      note: 'Amount corrected upstream',
      by: 'Ria Approver',
    });
    expect(signed.batch.reviewState).toBe('signed_off');
    // Signed off, it still says who prepared what was signed.
    expect(signed.preparation).toEqual(anew.preparation);
  });
});
