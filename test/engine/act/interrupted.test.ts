/**
 * An intent left "sending" by a process stopped between send and answer (issue 28, actui item 4): the
 * next engine looks at the service (the same look a lost answer gets) and marks it done or unknown;
 * nothing is ever sent again. The stop is written as the store holds it after a kill: the intent
 * stored, its "sent" line written, the POST reaching the service (or not), no answer recorded.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../shared/contract';
import { toIsoUtc } from '../../../shared/time';
import { settleInterruptedWrites } from '../../../electron/engine/act';
import { readFresh } from '../../../electron/engine/act/fresh';
import { RECOVERY_ACTOR, STUCK_AFTER_MS } from '../../../electron/engine/act/stuck';
import { claimIntent, highestKnownTransactionId, updateIntent } from '../../../electron/engine/store/intents';
import { createEngineWithInternals } from '../../../electron/engine/engine';
import { actDeps } from '../../../electron/engine/handlers/payments';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { silentLogger } from '../../../electron/engine/logger';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { sandboxClient } from '../../helpers/sandbox';
import { startSyncedHarness, type Harness } from '../sync/harness';

const closing = closeAfterEach();
const SLOW = 180_000;

async function synced(): Promise<Harness> {
  const { h, summary } = await startSyncedHarness({ pendingSale: '30.00' });
  closing(h);
  expect(summary.status).toBe('succeeded');
  h.sandbox.state.postsReceived = 0;
  h.sandbox.state.writes.length = 0;
  return h;
}

const now = (h: Harness) => toIsoUtc(h.sandbox.now());

/** What a killed process leaves: the intent stored and "sent"; `reach`: whether the POST got there. */
async function stopMidSend(
  h: Harness,
  kind: 'refund' | 'void' | 'collection',
  transactionId: number | null,
  body: Record<string, unknown>,
  reach: boolean,
): Promise<string> {
  const ctx = h.engine.internals;
  const before =
    transactionId === null ? null : (await readFresh(await actDeps(ctx).serviceClient(), transactionId)).listed;
  const id = `DR-stopped-${kind}-${reach ? 'reached' : 'lost'}`;
  const request = kind === 'collection' ? { ...body, data: id } : body;
  const claim = await claimIntent(
    ctx.store.writer,
    {
      id,
      kind,
      state: 'sending',
      transactionId,
      payeeId: before?.value.payeeId ?? (body.payee as number),
      amountCents: kind === 'void' ? before!.value.amountCents : Math.round(Number(body.amount) * 100),
      request: JSON.stringify(request),
      reason: 'Overpayment',
      requestedBy: 'Dana',
      at: now(h),
      beforeRaw: before?.raw ?? null,
      sinceId: kind === 'collection' ? await highestKnownTransactionId(ctx.store.reader) : null,
    },
    now(h),
  );
  expect(claim.claimed).toBe(true);
  await updateIntent(ctx.store.writer, id, now(h), { attempts: 1 }, { actor: 'Dana', event: 'sent', detail: 'try 1' });
  if (reach) expect((await sandboxClient(h.sandbox).post('/txns', request)).status).toBe(200);
  return id;
}

const intentOf = async (h: Harness, id: string): Promise<PaymentIntent> =>
  (await h.engine.call('intents.list', { limit: 1000 })).find((intent) => intent.id === id)!;

function laterBy(h: Harness, ms: number) {
  h.sandbox.advanceTo(h.sandbox.now().add({ milliseconds: ms }));
}

describe('an intent a stopped process left "sending"', () => {
  it(
    'is looked at, never re-sent: reached the service -> done (through the differ); did not -> unknown',
    { timeout: SLOW },
    async () => {
      const h = await synced();
      const truth = h.sandbox.truth().transactions;
      const settled = truth.filter(
        (t) => t.status === 'Settled' && t.amountRefundedCents === 0 && t.amountCents >= 1000,
      );
      const pending = truth.find((t) => t.status === 'Pending')!;
      const payee = h.sandbox.state.payees[0]!.id;
      const refunded = await stopMidSend(
        h,
        'refund',
        settled[0]!.id,
        { operation: 'refund', transaction_id: settled[0]!.id, items: [], amount: '2.00' },
        true,
      );
      const neverArrived = await stopMidSend(
        h,
        'void',
        pending.id,
        { operation: 'void', transaction_id: pending.id, items: [] },
        false,
      );
      const collected = await stopMidSend(
        h,
        'collection',
        null,
        { payee, payment_method: 'Cash', amount: '12.00', payer: { name: 'Ana Ruiz' } },
        true,
      );
      expect(h.sandbox.state.postsReceived).toBe(2);

      // A process could still be sending them: not looked at yet.
      await settleInterruptedWrites(actDeps(h.engine.internals));
      expect((await intentOf(h, refunded)).state).toBe('sending');

      laterBy(h, STUCK_AFTER_MS + 1_000);
      await settleInterruptedWrites(actDeps(h.engine.internals));
      expect(h.sandbox.state.postsReceived).toBe(2);

      const refund = await intentOf(h, refunded);
      expect(refund.state).toBe('done');
      expect(refund.events.map((e) => e.event)).toEqual(['requested', 'sent', 'interrupted', 'done']);
      expect(refund.events.at(-1)!.actor).toBe(RECOVERY_ACTOR);
      const transaction = await h.engine.call('transactions.get', { id: settled[0]!.id });
      expect(transaction.transaction.amountRefundedCents).toBe(200);

      const voided = await intentOf(h, neverArrived);
      expect(voided.state).toBe('unknown');
      expect(voided.message).toMatch(/stopped while sending.*did not happen\. Not sent again/);
      expect(h.sandbox.state.transactions.find((t) => t.id === pending.id)!.status).toBe('Pending');

      const collection = await intentOf(h, collected);
      expect(collection.state).toBe('done');
      expect(collection.transactionId).toBe(
        h.sandbox.state.writes.find((w) => w.operation === 'process')!.transactionId,
      );

      // Done and unknown are not looked at again.
      laterBy(h, STUCK_AFTER_MS + 1_000);
      await settleInterruptedWrites(actDeps(h.engine.internals));
      expect((await intentOf(h, refunded)).events).toHaveLength(4);
      expect(h.sandbox.state.postsReceived).toBe(2);
    },
  );

  it('is looked at when the next engine starts on the same store', { timeout: SLOW }, async () => {
    const h = await synced();
    const settled = h.sandbox
      .truth()
      .transactions.find((t) => t.status === 'Settled' && t.amountRefundedCents === 0 && t.amountCents >= 1000)!;
    const id = await stopMidSend(
      h,
      'refund',
      settled.id,
      { operation: 'refund', transaction_id: settled.id, items: [], amount: '1.00' },
      true,
    );
    laterBy(h, STUCK_AFTER_MS + 1_000);
    const next = await createEngineWithInternals({
      // The same store: its options name it (a SQLite file or a PostgreSQL database).
      ...h.engine.internals.options,
      clock: { now: () => h.sandbox.now() },
      credentials: memoryCredentialStore({ token: h.sandbox.token, secret: h.sandbox.secret }),
      logger: silentLogger,
    });
    try {
      let intent: PaymentIntent | undefined;
      for (let i = 0; i < 600; i++) {
        intent = (await next.call('intents.list', { limit: 10 })).find((candidate) => candidate.id === id);
        if (intent?.state !== 'sending') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(intent!.state).toBe('done');
      expect(h.sandbox.state.postsReceived).toBe(1);
    } finally {
      await next.close();
    }
  });
});
