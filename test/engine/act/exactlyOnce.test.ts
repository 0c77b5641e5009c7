/**
 * Issue 28's proof, on the dialect the suite runs on (node: SQLite; node-postgres: PostgreSQL):
 * against the sandbox with every POST's answer lost (or late), a partial refund, a full refund, a
 * void and a collection each happen once at the service, the store equals the service, and each
 * refund posts once in the journal; what the service would refuse is refused with no POST at all.
 */
import { describe, expect, it } from 'vitest';
import type { ActResult } from '../../../shared/contract';
import { todayCentral } from '../../../shared/time';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { tableRows } from '../../helpers/storeRows';
import { startSyncedHarness, storedTransactions, truthTransactions, type Harness } from '../sync/harness';

const closing = closeAfterEach();
const LOST = { lostAnswerRate: 1, maxConsecutive: 1000 };
/** A sync and a dozen round trips, on a machine shared with other suites. */
const SLOW = 180_000;

/** Synced, with one card sale of today still Pending (a void's subject). */
async function synced(): Promise<Harness> {
  const { h, summary, sale } = await startSyncedHarness({ pendingSale: '30.00' });
  closing(h);
  expect(sale!.json.status).toBe('Pending');
  expect(summary.status).toBe('succeeded');
  h.sandbox.state.postsReceived = 0;
  h.sandbox.state.writes.length = 0;
  return h;
}

/** Settled and batched card sales of the store, largest first, and today's Pending ones. */
function candidates(h: Harness) {
  const truth = h.sandbox.truth().transactions;
  const settled = truth
    .filter((t) => t.status === 'Settled' && t.batchId !== null && t.amountRefundedCents === 0 && t.amountCents >= 1000)
    .sort((a, b) => b.amountCents - a.amountCents);
  const pending = truth.filter((t) => t.status === 'Pending');
  return { settled, pending };
}

const writesOf = (h: Harness, transactionId: number) =>
  h.sandbox.state.writes.filter((w) => w.transactionId === transactionId);

async function expectStoreEqualsService(h: Harness) {
  const from = (await storedTransactions(h.engine)).reduce(
    (min, t) => (t.businessDate < min ? t.businessDate : min),
    '9999',
  );
  expect(await storedTransactions(h.engine)).toEqual(truthTransactions(h.sandbox, from));
}

async function refundChanges(h: Harness, transactionId: number) {
  return (await tableRows(h.engine, 'transaction_changes', ['id'])).filter(
    (c) => c.transaction_id === transactionId && c.kind === 'refunded',
  );
}

describe('refund, void and collect, each once at the service', () => {
  it(
    'with every answer lost: each write once, the store equal to the service, each refund once in the journal',
    { timeout: SLOW },
    async () => {
      const h = await synced();
      const { settled, pending } = candidates(h);
      const [partial, full] = settled;
      const voided = pending[0]!;
      const payee = h.sandbox.state.payees[0]!.id;
      h.sandbox.setFaults(LOST);

      const results: ActResult[] = [];
      results.push(
        await h.engine.call('payments.refund', {
          transactionId: partial!.id,
          amount: '1.50',
          reason: 'overpayment',
        }),
      );
      results.push(await h.engine.call('payments.refund', { transactionId: full!.id, reason: 'duplicate_payment' }));
      results.push(await h.engine.call('payments.void', { transactionId: voided.id, reason: 'entered_in_error' }));
      // Typed with a combining diaeresis (NFD): sent NFC and \u-escaped, never raw.
      results.push(
        await h.engine.call('payments.collect', {
          method: 'PhysicalCheck',
          payeeId: payee,
          amount: '25.00',
          payer: { name: 'Zoe\u0308 Østergaard' },
          checkNumber: '1042',
          items: [
            { name: 'Field trip', amount: '20.00' },
            { name: 'Lunch', amount: '5.00' },
          ],
        }),
      );
      for (const result of results) {
        expect(result.intent!.state).toBe('done');
        expect(result.intent!.events.map((e) => e.event)).toEqual([
          'requested',
          'sent',
          'answer_lost',
          'verified_happened',
          'done',
        ]);
      }
      expect(h.sandbox.faultCounts().lost_answer).toBe(4);
      expect(h.sandbox.state.postsReceived).toBe(4);

      expect(writesOf(h, partial!.id)).toEqual([expect.objectContaining({ operation: 'refund', cents: 150 })]);
      expect(writesOf(h, full!.id)).toEqual([
        expect.objectContaining({ operation: 'refund', cents: full!.amountCents }),
      ]);
      expect(writesOf(h, voided.id)).toEqual([expect.objectContaining({ operation: 'void' })]);
      const collected = h.sandbox.state.writes.filter((w) => w.operation === 'process');
      expect(collected).toHaveLength(1);
      expect(collected[0]!.data).toBe(`${results[3]!.intent!.id} check 1042`);
      const created = h.sandbox.state.transactions.find((t) => t.id === collected[0]!.transactionId)!;
      expect(created.payer!.name).toBe('Zo\u00eb \u00d8stergaard');
      expect(created.method).toBe('PhysicalCheck');
      expect(results[3]!.transaction).toMatchObject({ id: created.id, amountCents: 2500, status: 'Settled' });

      await expectStoreEqualsService(h);
      expect((await refundChanges(h, partial!.id)).map((c) => c.delta_cents)).toEqual([150]);
      expect((await refundChanges(h, full!.id)).map((c) => c.delta_cents)).toEqual([full!.amountCents]);

      // The next night's sync reads the same transactions: nothing posts a second time.
      h.sandbox.setFaults({ lostAnswerRate: 0 });
      expect((await h.sync()).status).toBe('succeeded');
      await expectStoreEqualsService(h);
      expect(await refundChanges(h, partial!.id)).toHaveLength(1);
      expect(await refundChanges(h, full!.id)).toHaveLength(1);
      const today = todayCentral({ now: () => h.sandbox.now() });
      const journal = await h.engine.call('reconcile.reversals', { from: today, to: today });
      expect(journal.reversals.filter((r) => r.transactionId === partial!.id).map((r) => r.amountCents)).toEqual([150]);
      expect(journal.reversals.filter((r) => r.transactionId === full!.id).map((r) => r.amountCents)).toEqual([
        full!.amountCents,
      ]);
      expect(journal.reversals.filter((r) => r.transactionId === voided.id)).toEqual([]);
    },
  );

  it('with the answer given after the client stopped waiting: once at the service', { timeout: SLOW }, async () => {
    const h = await synced();
    const [sale] = candidates(h).settled;
    // The harness's client waits 2 s for an answer.
    h.sandbox.setFaults({ lateAnswerRate: 1, lateAnswerMs: 3_000, maxConsecutive: 1000 });
    const result = await h.engine.call('payments.refund', {
      transactionId: sale!.id,
      amount: '2.00',
      reason: 'overpayment',
    });
    expect(result.intent!.state).toBe('done');
    expect(h.sandbox.faultCounts().late_answer).toBe(1);
    expect(writesOf(h, sale!.id)).toEqual([expect.objectContaining({ operation: 'refund', cents: 200 })]);
    expect((await refundChanges(h, sale!.id)).map((c) => c.delta_cents)).toEqual([200]);
  });

  it('refuses before sending what the service would refuse: no POST reaches it', { timeout: SLOW }, async () => {
    const h = await synced();
    const { settled } = candidates(h);
    const sale = settled[0]!;
    const payee = h.sandbox.state.payees[0]!.id;
    const refusals: Array<[() => Promise<unknown>, RegExp]> = [
      [
        () =>
          h.engine.call('payments.refund', {
            transactionId: sale.id,
            amount: ((sale.amountCents + 1) / 100).toFixed(2),
            reason: 'overpayment',
          }),
        /is more than the .* not yet refunded\. Nothing was sent/,
      ],
      [
        () => h.engine.call('payments.void', { transactionId: sale.id, reason: 'entered_in_error' }),
        /cannot be voided: it has settled.*refund it instead\. Nothing was sent/,
      ],
      [
        () =>
          h.engine.call('payments.collect', {
            method: 'Cash',
            payeeId: payee,
            amount: '10.00',
            payer: { name: 'Cher' },
          }),
        /^payer name: must be two or more names.*Nothing was sent\.$/,
      ],
      [
        () =>
          h.engine.call('payments.collect', {
            method: 'Cash',
            payeeId: payee,
            amount: '10.00',
            payer: { name: 'Ana Ruiz' },
            items: [{ name: 'Book fair', amount: '9.00' }],
          }),
        /^items: add up to 9\.00, but the amount is 10\.00/,
      ],
      [
        () => h.engine.call('payments.refund', { transactionId: sale.id, amount: '0.50', reason: 'overpayment' }),
        /must be from 1\.00 to 100000\.00/,
      ],
    ];
    for (const [refused, message] of refusals) await expect(refused()).rejects.toThrow(message);
    // A preview shows the confirmation and sends nothing either.
    const preview = await h.engine.call('payments.refund', {
      transactionId: sale.id,
      reason: 'overpayment',
      preview: true,
    });
    expect(preview).toMatchObject({
      intent: null,
      preview: { amountCents: sale.amountCents, remainingAfterCents: 0, refundedBeforeCents: 0 },
    });
    expect(h.sandbox.state.postsReceived).toBe(0);
    expect(await tableRows(h.engine, 'payment_intents')).toEqual([]);

    // What only the service can refuse (an account it does not have) is sent once, refused, and
    // recorded as failed: nothing happened, and the trail says why.
    const refused = await h.engine.call('payments.collect', {
      method: 'Cash',
      payeeId: payee,
      amount: '10.00',
      payer: { name: 'Ana Ruiz' },
      glAccountNumber: 'NO-SUCH-ACCOUNT',
    });
    expect(refused.intent).toMatchObject({ state: 'failed', attempts: 1 });
    expect(refused.intent!.message).toMatch(/The service refused it: .*INVALID_GL/);
    expect(refused.intent!.events.map((e) => e.event)).toEqual(['requested', 'sent', 'failed']);
    expect(h.sandbox.state.postsReceived).toBe(1);
    expect(h.sandbox.state.writes).toEqual([]);
  });
});
