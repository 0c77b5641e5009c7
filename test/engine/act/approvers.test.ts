/**
 * Team mode at the engine (DESIGN.md §11, §12): two approvers refunding one transaction at once make
 * one refund, and the other is told who did it; above the district's threshold a refund waits for a
 * second approver, who is not the one who asked.
 */
import { describe, expect, it } from 'vitest';
import type { ActResult, PaymentIntent } from '../../../shared/contract';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSyncedHarness, type Harness } from '../sync/harness';

const closing = closeAfterEach();

async function synced(): Promise<Harness> {
  const { h, summary, sale } = await startSyncedHarness({ pendingSale: '9.00' });
  closing(h);
  expect(sale!.status).toBe(200);
  expect(summary.status).toBe('succeeded');
  h.sandbox.state.writes.length = 0;
  return h;
}

function settledSales(h: Harness) {
  return h.sandbox
    .truth()
    .transactions.filter(
      (t) => t.status === 'Settled' && t.batchId !== null && t.amountRefundedCents === 0 && t.amountCents >= 1000,
    );
}

const refundsOf = (h: Harness, id: number) => h.sandbox.state.writes.filter((w) => w.transactionId === id);

describe('approvers', () => {
  it('two approvers refunding one transaction at once, 20 times: one refund each time, the other told who', async () => {
    const h = await synced();
    // Every answer lost: the window between storing the intent and its end is as wide as it gets.
    h.sandbox.setFaults({ lostAnswerRate: 1, maxConsecutive: 1000 });
    const sales = settledSales(h).slice(0, 20);
    expect(sales).toHaveLength(20);
    for (const sale of sales) {
      // A partial refund: the service would take two of them, so only our claim keeps it to one.
      const args = { transactionId: sale.id, amount: '1.00', reason: 'duplicate_payment' };
      const outcomes = await Promise.allSettled([
        h.engine.callAs('alice', 'payments.refund', args),
        h.engine.callAs('bob', 'payments.refund', args),
      ]);
      const done = outcomes.filter((o) => o.status === 'fulfilled') as Array<PromiseFulfilledResult<ActResult>>;
      const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
      expect(done).toHaveLength(1);
      expect(done[0]!.value.intent!.state).toBe('done');
      expect(refused).toHaveLength(1);
      const winner = done[0]!.value.intent!.requestedBy;
      expect((refused[0]!.reason as Error).message).toContain(winner);
      expect(refundsOf(h, sale.id)).toEqual([expect.objectContaining({ operation: 'refund', cents: 100 })]);
    }
  }, 240_000);

  it(
    'above the threshold a refund waits for a second approver, who must be someone else',
    { timeout: 180_000 },
    async () => {
      const h = await synced();
      await h.engine.call('settings.set', { patch: { refundSecondApproverAboveCents: 500 } });
      const [big, small] = settledSales(h);

      const asked = (await h.engine.callAs('alice', 'payments.refund', {
        transactionId: big!.id,
        reason: 'event_cancelled',
      })) as ActResult;
      expect(asked.preview.needsSecondApprover).toBe(true);
      expect(asked.intent).toMatchObject({
        state: 'awaiting_approval',
        requestedBy: 'alice',
        reason: 'Event cancelled',
      });
      expect(refundsOf(h, big!.id)).toEqual([]);

      await expect(
        h.engine.callAs('bob', 'payments.refund', { transactionId: big!.id, amount: '1.00', reason: 'overpayment' }),
      ).rejects.toThrow(/alice asked .* to refund transaction .* waits for a second approver\. Nothing was sent/);
      await expect(h.engine.callAs('alice', 'intents.approve', { id: asked.intent!.id })).rejects.toThrow(
        /a second approver, someone else, must approve it/,
      );
      const approved = (await h.engine.callAs('bob', 'intents.approve', { id: asked.intent!.id })) as ActResult;
      expect(approved.intent).toMatchObject({ state: 'done', requestedBy: 'alice', approvedBy: 'bob' });
      expect(refundsOf(h, big!.id)).toEqual([expect.objectContaining({ cents: big!.amountCents })]);
      await expect(h.engine.callAs('carol', 'intents.approve', { id: asked.intent!.id })).rejects.toThrow(
        /is done .*approved by bob/,
      );

      // At or under the threshold one approver is enough.
      const direct = (await h.engine.callAs('alice', 'payments.refund', {
        transactionId: small!.id,
        amount: '5.00',
        reason: 'overpayment',
      })) as ActResult;
      expect(direct.intent!.state).toBe('done');

      // The trail of every write, newest first, with who did what.
      const trail = (await h.engine.call('intents.list', {})) as PaymentIntent[];
      expect(trail.map((i) => [i.kind, i.state, i.requestedBy, i.approvedBy])).toEqual(
        expect.arrayContaining([
          ['refund', 'done', 'alice', 'bob'],
          ['refund', 'done', 'alice', null],
        ]),
      );
      expect(trail.find((i) => i.id === asked.intent!.id)!.events.map((e) => [e.actor, e.event])).toEqual([
        ['alice', 'requested'],
        ['bob', 'approved'],
        ['bob', 'read_again'],
        ['bob', 'sent'],
        ['bob', 'done'],
      ]);
    },
  );

  it(
    'withdraws a request awaiting approval through resolve, and frees the transaction',
    { timeout: 180_000 },
    async () => {
      const h = await synced();
      await h.engine.call('settings.set', { patch: { refundSecondApproverAboveCents: 0 } });
      const [sale] = settledSales(h);
      const asked = (await h.engine.callAs('alice', 'payments.refund', {
        transactionId: sale!.id,
        reason: 'other',
        reasonText: 'parent asked',
      })) as ActResult;
      const resolved = (await h.engine.callAs('bob', 'intents.resolve', {
        id: asked.intent!.id,
        outcome: 'did_not_happen',
        note: 'parent changed their mind',
      })) as PaymentIntent;
      expect(resolved).toMatchObject({ state: 'resolved', resolvedBy: 'bob' });
      await expect(
        h.engine.callAs('bob', 'intents.resolve', { id: asked.intent!.id, outcome: 'happened', note: 'again' }),
      ).rejects.toThrow(/resolved already \(resolved by bob\)/);
      const again = (await h.engine.callAs('bob', 'payments.refund', {
        transactionId: sale!.id,
        reason: 'overpayment',
      })) as ActResult;
      expect(again.intent!.state).toBe('awaiting_approval');
      expect(refundsOf(h, sale!.id)).toEqual([]);
    },
  );
});
