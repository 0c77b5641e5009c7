/**
 * A run cut short after its pages committed but before its checks (a kill, a crash, a failure in the
 * checks) must not lose a re-open: the batches it touched are recorded with the pages that touched
 * them, and the next run checks them (issue 12, item 2).
 */
import { describe, expect, it, vi } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { dbOf, tableRows } from '../../helpers/storeRows';
import { startHarness, syncThroughContract, type Harness } from './harness';

const refresh = vi.hoisted(() => ({
  failNext: false,
  /** Runs as the checks begin, before they touch anything (a read of the store then, on either dialect). */
  atStart: null as (() => Promise<void>) | null,
}));
vi.mock('../../../electron/engine/reconcile/refresh', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/engine/reconcile/refresh')>();
  return {
    ...real,
    refreshBatchChecks: async (...args: Parameters<typeof real.refreshBatchChecks>) => {
      await refresh.atStart?.();
      if (refresh.failNext) {
        refresh.failNext = false;
        return Promise.reject(new Error('the process died here'));
      }
      return real.refreshBatchChecks(...args);
    },
  };
});

const toCheck = async (h: Harness) =>
  (await tableRows(h.engine, 'batches_to_check', ['batch_id'])).map((r) => r.batch_id as string);

describe('touched batches are durable', () => {
  const closing = closeAfterEach();

  it('are recorded before the checks run, and cleared once checked', async () => {
    const h = closing(await startHarness());
    const seenAtChecks: string[][] = [];
    refresh.atStart = async () => {
      seenAtChecks.push(await toCheck(h));
    };
    try {
      await syncThroughContract(h);
    } finally {
      refresh.atStart = null;
    }
    expect(seenAtChecks[0]!.length).toBeGreaterThan(0);
    expect(await toCheck(h)).toEqual([]);
  });

  // Issue 13: a refund no longer re-opens a deposit (it ties out as batched); an amount the service
  // changed after batching is one of the deposit's own facts and still does.
  it('a signed-off batch whose transaction amount changed in a run whose checks never ran is re-opened by the next run', async () => {
    const h = closing(await startHarness());
    await syncThroughContract(h);
    const truth = h.sandbox.truth();
    const txn = truth.transactions.find(
      (t) => t.batchId !== null && t.status === 'Settled' && t.amountRefundedCents === 0 && t.paymentMethod === 'CC',
    )!;
    const batchId = txn.batchId!;
    await h.engine.call('batches.signOff', { id: batchId, note: 'Matches the bank statement' });

    h.sandbox.advanceDays(1);
    h.sandbox.injectDiscrepancy({
      kind: 'change_transaction_amount',
      transactionId: txn.id,
      cents: txn.amountCents + 100,
    });
    refresh.failNext = true;
    await syncThroughContract(h);
    expect((await h.engine.call('batches.get', { id: batchId })).batch.reviewState).toBe('signed_off');
    expect(await toCheck(h)).toContain(batchId);

    await syncThroughContract(h);
    const detail = await h.engine.call('batches.get', { id: batchId });
    expect(detail.batch.reviewState).toBe('reopened');
    expect(detail.batch.reopenReason).toContain(`${txn.id} amount`);
    expect(await toCheck(h)).toEqual([]);
  });
});

describe('an engine opened after a run was cut short', () => {
  it('finishes the checks that run left', async () => {
    const h = await startHarness();
    try {
      await syncThroughContract(h);
      const { writer } = h.engine.internals.store;
      const db = dbOf(h.engine);
      const batch = await db.selectFrom('batches').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
      await db.deleteFrom('batch_checks').where('batch_id', '=', batch.id).execute();
      await db.insertInto('batches_to_check').values({ batch_id: batch.id, since: 'x' }).execute();
      const { ensureChecksFresh } = await import('../../../electron/engine/reconcile');
      expect(await ensureChecksFresh(writer)).toBe(1);
      expect(await toCheck(h)).toEqual([]);
      expect((await h.engine.call('batches.get', { id: batch.id })).batch.verdict).toBe('ties_out');
    } finally {
      await h.close();
    }
  });
});
