import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../shared/time';
import type { EngineWithInternals as Engine } from '../../../electron/engine/engine';
import { ensureChecksFresh, refreshBatchChecks } from '../../../electron/engine/reconcile';
import { districtEngine } from './districtEngine';
import { amountChangedAfterBatching, payeeChangedAfterBatching, refundAfterBatching } from './fixtures';

describe('sign-off, re-open, unsign and the change feed', () => {
  let engine: Engine;
  let clock: ReturnType<typeof fixedClock>;
  beforeEach(async () => {
    ({ engine, clock } = await districtEngine());
  });
  afterEach(() => engine.close());

  it('records who, when, the note and the totals signed, and refuses a second sign-off', async () => {
    await engine.call('settings.set', { patch: { reviewerName: 'Dana Ortiz' } });
    const signed = await engine.call('batches.signOff', { id: '730001', note: 'Matches bank' });
    expect(signed.batch.reviewState).toBe('signed_off');
    expect(signed.history).toEqual([
      expect.objectContaining({
        action: 'sign_off',
        by: 'Dana Ortiz',
        at: '2026-03-04T15:00:00.000Z',
        note: 'Matches bank',
        totalCents: 7734,
        feesCents: 325,
        partialCents: 7409,
        totalCount: 3,
      }),
    ]);
    await expect(engine.call('batches.signOff', { id: '730001' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('already signed off by Dana Ortiz'),
    });
  });

  // Issue 13: a refund no longer makes a deposit differ (it ties out as batched); an amount the service
  // changed after batching still does.
  it('needs a note to sign off a batch that does not tie out', async () => {
    await amountChangedAfterBatching(engine.internals.store.writer.db, 1006, 9501, '2026-03-04T10:00:00.000Z');
    await expect(engine.call('batches.signOff', { id: '730003' })).rejects.toMatchObject({ code: 'BAD_ARGUMENTS' });
    const signed = await engine.call('batches.signOff', { id: '730003', note: 'Amount corrected upstream', by: 'Sam' });
    expect(signed.batch).toMatchObject({ reviewState: 'signed_off', verdict: 'differs' });
  });

  // Issue 13: re-opened by a change of the deposit's own facts (here an amount), no longer by a refund.
  it('re-opens a signed-off batch when a later sync changes its transactions, with the reason shown', async () => {
    await engine.call('batches.signOff', { id: '730001', note: '' });
    clock.set('2026-03-05T07:30:00Z');
    await refundAfterBatching(engine.internals.store.writer.db, 1002, 700, '2026-03-05T07:31:00.000Z');
    await amountChangedAfterBatching(engine.internals.store.writer.db, 1001, 2000, '2026-03-05T07:31:00.000Z');
    const result = await refreshBatchChecks(engine.internals.store.writer, ['730001', '730002'], {
      at: '2026-03-05T07:32:00.000Z',
      reason: 'Changed in the sync of 2026-03-05',
    });
    expect(result.reopened).toEqual(['730001']);
    const detail = await engine.call('batches.get', { id: '730001' });
    expect(detail.batch.reviewState).toBe('reopened');
    expect(detail.batch.reopenReason).toBe(
      'Changed in the sync of 2026-03-05: Transactions changed: 1001 amount 25.00 -> 20.00',
    );
    expect(detail.history.map((h) => h.action)).toEqual(['sign_off', 'reopen']);
    const overview = await engine.call('overview.get', {});
    expect(overview.reopened.map((b) => b.id)).toEqual(['730001']);
    // Signing again is allowed once it was re-opened.
    const again = await engine.call('batches.signOff', { id: '730001', note: 'Amount corrected upstream' });
    expect(again.batch.reviewState).toBe('signed_off');
  });

  it('re-opens a signed-off batch whose transaction moved to another school, naming it', async () => {
    await engine.call('batches.signOff', { id: '730001', note: '' });
    clock.set('2026-03-05T07:30:00Z');
    await payeeChangedAfterBatching(engine.internals.store.writer.db, 1002, 2, '2026-03-05T07:31:00.000Z');
    const result = await refreshBatchChecks(engine.internals.store.writer, ['730001'], {
      at: '2026-03-05T07:32:00.000Z',
      reason: 'Changed in the sync of 2026-03-05',
    });
    expect(result.reopened).toEqual(['730001']);
    const detail = await engine.call('batches.get', { id: '730001' });
    expect(detail.batch).toMatchObject({ reviewState: 'reopened', verdict: 'differs' });
    expect(detail.batch.reopenReason).toBe(
      'Changed in the sync of 2026-03-05: Transactions changed: 1002 payee 1 -> 2',
    );
  });

  it('re-opens on the checks after a change, comparing the signed totals; reading alone writes nothing', async () => {
    await engine.call('batches.signOff', { id: '730002', note: '' });
    await engine.internals.store.writer.db
      .updateTable('batches')
      .set({ total_cents: 6000, partial_cents: 5899, updated_at: '2026-03-05T00:00:00.000Z' })
      .where('id', '=', '730002')
      .execute();
    const unchecked = await engine.call('batches.list', { filter: {} });
    expect(unchecked.rows.find((b) => b.id === '730002')!.reviewState).toBe('signed_off');
    await ensureChecksFresh(engine.internals.store.writer);
    const page = await engine.call('batches.list', { filter: {} });
    const batch = page.rows.find((b) => b.id === '730002')!;
    expect(batch.reviewState).toBe('reopened');
    expect(batch.reopenReason).toContain('The deposit total changed from $55.00 → $60.00');
  });

  it('unsigns with a reason, recorded, and refuses to unsign an open batch', async () => {
    await engine.call('batches.signOff', { id: '730004', note: '' });
    const unsigned = await engine.call('batches.unsign', { id: '730004', reason: 'Signed the wrong day', by: 'Lee' });
    expect(unsigned.batch.reviewState).toBe('open');
    expect(unsigned.history.at(-1)).toMatchObject({ action: 'unsign', by: 'Lee', note: 'Signed the wrong day' });
    await expect(engine.call('batches.unsign', { id: '730004', reason: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(engine.call('batches.get', { id: '999' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists batches newest first by keyset pages, filtered by verdict', async () => {
    // Issue 13: an amount change, not a refund, is what makes a deposit differ now.
    await amountChangedAfterBatching(engine.internals.store.writer.db, 1008, 12300, '2026-03-04T10:00:00.000Z');
    await refreshBatchChecks(engine.internals.store.writer, ['730004']);
    const first = await engine.call('batches.list', { filter: {}, limit: 3 });
    expect(first.rows.map((b) => b.id)).toEqual(['730004', '730003', '730002']);
    const second = await engine.call('batches.list', { filter: {}, limit: 3, cursor: first.nextCursor });
    expect(second.rows.map((b) => b.id)).toEqual(['730001']);
    expect(second.nextCursor).toBeNull();
    const differs = await engine.call('batches.list', { filter: { verdicts: ['differs'] } });
    // An amount 45 cents lower after batching: off by 45 cents (total and net each fail by it).
    expect(differs.rows.map((b) => [b.id, b.differenceCents, b.payeeName])).toEqual([['730004', 45, 'Food Services']]);
  });

  it('acknowledges changes by ids or all up to an id', async () => {
    const db = engine.internals.store.writer.db;
    for (const id of [1001, 1002, 1003]) await refundAfterBatching(db, id, 100, '2026-03-04T10:00:00.000Z');
    const feed = await engine.call('changes.list', {});
    expect(feed.unacknowledged).toBe(3);
    const [newest, middle, oldest] = feed.rows;
    expect(await engine.call('changes.acknowledge', { ids: [middle!.id] })).toEqual({ acknowledged: 1 });
    expect(await engine.call('changes.acknowledge', { upToId: newest!.id })).toEqual({ acknowledged: 2 });
    const after = await engine.call('changes.list', { unacknowledgedOnly: false });
    expect(after.unacknowledged).toBe(0);
    expect(after.rows.find((c) => c.id === oldest!.id)?.acknowledgedAt).toBe('2026-03-04T15:00:00.000Z');
  });

  it('sums day x payee x method local counts and cents against batch and GL totals', async () => {
    await engine.internals.store.writer.db.deleteFrom('transactions').where('id', '=', 1007).execute();
    const rows = await engine.call('reconcile.summary', { from: '2026-03-01', to: '2026-03-31' });
    expect(rows).toEqual([
      {
        date: '2026-03-02',
        payeeId: 1,
        paymentMethod: 'CC',
        localCount: 3,
        localCents: 7734,
        batchCount: 3,
        batchCents: 7734,
        glCents: 7734,
        tiesOut: true,
      },
      {
        date: '2026-03-02',
        payeeId: 2,
        paymentMethod: 'ACH',
        localCount: 2,
        localCents: 5500,
        batchCount: 2,
        batchCents: 5500,
        glCents: 5500,
        tiesOut: true,
      },
      {
        date: '2026-03-03',
        payeeId: 1,
        paymentMethod: 'CC',
        localCount: 1,
        localCents: 10001,
        batchCount: 2,
        batchCents: 10778,
        glCents: 10778,
        tiesOut: false,
      },
      {
        date: '2026-03-03',
        payeeId: 2,
        paymentMethod: 'CC',
        localCount: 1,
        localCents: 12345,
        batchCount: 1,
        batchCents: 12345,
        glCents: 12345,
        tiesOut: true,
      },
    ]);
  });
});
