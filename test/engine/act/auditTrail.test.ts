/**
 * The auditor's trail of acting on the money (issue 28 item 4), on the dialect the suite runs on:
 * every refund, void and collection is an intent with who asked, when, why and what came of it, each
 * step in its events; every deposit slip says who counted it and when, who verified it and when,
 * and why it is over or short.
 */
import { describe, expect, it } from 'vitest';
import type { PaymentIntent } from '../../../shared/contract';
import { todayCentral } from '../../../shared/time';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { startSyncedHarness } from '../sync/harness';
import { slipCollections, verifiedSlip } from './slipDay';

const closing = closeAfterEach();
const SLOW = 180_000;
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe('the auditor’s trail', () => {
  it('records every refund, void, collection and slip: who, when, why, result', { timeout: SLOW }, async () => {
    const synced = await startSyncedHarness({ pendingSale: '30.00' });
    const h = closing(synced.h);
    const payee = h.sandbox.state.payees[0]!.id;
    const pending = synced.sale!;
    expect(synced.summary.status).toBe('succeeded');
    const settled = h.sandbox
      .truth()
      .transactions.find((t) => t.status === 'Settled' && t.amountRefundedCents === 0 && t.amountCents >= 1000)!;

    await h.engine.callAs('Dana', 'payments.refund', {
      transactionId: settled.id,
      amount: '2.00',
      reason: 'other',
      reasonText: 'Paid for two field trips, went on one',
    });
    await h.engine.callAs('Lee', 'payments.void', {
      transactionId: Number(pending.json.id),
      reason: 'entered_in_error',
    });
    await h.engine.callAs('Pat', 'payments.collect', {
      method: 'PhysicalCheck',
      payeeId: payee,
      amount: '12.50',
      payer: { name: 'Ana Ruiz' },
      checkNumber: '1042',
      note: 'Yearbook',
    });

    const intents = (await h.engine.call('intents.list', {})) as PaymentIntent[];
    const byKind = (kind: string) => intents.filter((i) => i.kind === kind);
    expect(byKind('refund')).toEqual([
      expect.objectContaining({
        requestedBy: 'Dana',
        transactionId: settled.id,
        amountCents: 200,
        state: 'done',
        reason: expect.stringContaining('Paid for two field trips, went on one'),
      }),
    ]);
    expect(byKind('void')).toEqual([
      expect.objectContaining({
        requestedBy: 'Lee',
        transactionId: Number(pending.json.id),
        state: 'done',
        reason: expect.stringMatching(/error/i),
      }),
    ]);
    expect(byKind('collection')).toEqual([
      expect.objectContaining({
        requestedBy: 'Pat',
        payeeId: payee,
        amountCents: 1250,
        state: 'done',
        reason: expect.stringContaining('check 1042'),
      }),
    ]);
    for (const intent of intents) {
      expect(intent.requestedAt).toMatch(ISO_UTC);
      expect(intent.events.map((e) => e.event)).toEqual(['requested', 'sent', 'done']);
      expect(intent.events[0]!.actor).toBe(intent.requestedBy);
      for (const event of intent.events) expect(event.at).toMatch(ISO_UTC);
    }

    const today = todayCentral({ now: () => h.sandbox.now() });
    const { cashCents } = await slipCollections(h, payee, today);
    const made = await verifiedSlip({ h, payee, today }, cashCents + 100, 'A dollar too many in the envelope');
    const slip = (await h.engine.call('slips.list', { payeeId: payee })).find((s) => s.id === made.id)!;
    expect(slip).toMatchObject({
      countedBy: 'Dana',
      verifiedBy: 'Lee',
      overShortCents: 100,
      comment: 'A dollar too many in the envelope',
    });
    expect(slip.countedAt).toMatch(ISO_UTC);
    expect(slip.verifiedAt).toMatch(ISO_UTC);
  });
});
