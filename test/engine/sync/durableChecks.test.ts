/**
 * A run cut short after its pages committed but before its checks (a kill, a crash, a failure in the
 * checks) must not lose a re-open: the batches it touched are recorded with the pages that touched
 * them, and the next run checks them (issue 12, item 2).
 */
import { sqliteOf } from '../../helpers/db';
import { describe, expect, it, vi } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startHarness, syncThroughContract, type Harness } from './harness';

const refresh = vi.hoisted(() => ({ failNext: false }));
vi.mock('../../../electron/engine/reconcile/refresh', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../electron/engine/reconcile/refresh')>();
  return {
    ...real,
    refreshBatchChecks: (...args: Parameters<typeof real.refreshBatchChecks>) => {
      if (refresh.failNext) {
        refresh.failNext = false;
        return Promise.reject(new Error('the process died here'));
      }
      return real.refreshBatchChecks(...args);
    },
  };
});

const toCheck = (h: Harness) =>
  (
    sqliteOf(h.engine.internals.store).prepare('SELECT batch_id FROM batches_to_check').all() as Array<{
      batch_id: string;
    }>
  ).map((r) => r.batch_id);

describe('touched batches are durable', () => {
  const closing = closeAfterEach();

  it('are recorded before the checks run, and cleared once checked', async () => {
    const h = closing(await startHarness());
    const seenAtChecks: string[][] = [];
    h.engine.on('sync.progress', (p) => {
      if (p.phase === 'checks') seenAtChecks.push(toCheck(h));
    });
    await syncThroughContract(h);
    expect(seenAtChecks[0]!.length).toBeGreaterThan(0);
    expect(toCheck(h)).toEqual([]);
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
    expect(toCheck(h)).toContain(batchId);

    await syncThroughContract(h);
    const detail = await h.engine.call('batches.get', { id: batchId });
    expect(detail.batch.reviewState).toBe('reopened');
    expect(detail.batch.reopenReason).toContain(`${txn.id} amount`);
    expect(toCheck(h)).toEqual([]);
  });
});

describe('an engine opened after a run was cut short', () => {
  it('finishes the checks that run left', async () => {
    const h = await startHarness();
    try {
      await syncThroughContract(h);
      const { writer } = h.engine.internals.store;
      const [batch] = sqliteOf(h.engine.internals.store).prepare('SELECT id FROM batches LIMIT 1').all() as Array<{
        id: string;
      }>;
      sqliteOf(h.engine.internals.store).prepare('DELETE FROM batch_checks WHERE batch_id = ?').run(batch!.id);
      sqliteOf(h.engine.internals.store)
        .prepare(`INSERT INTO batches_to_check (batch_id, since) VALUES (?, 'x')`)
        .run(batch!.id);
      const { ensureChecksFresh } = await import('../../../electron/engine/reconcile');
      expect(await ensureChecksFresh(writer)).toBe(1);
      expect(toCheck(h)).toEqual([]);
      expect((await h.engine.call('batches.get', { id: batch!.id })).batch.verdict).toBe('ties_out');
    } finally {
      await h.close();
    }
  });
});
