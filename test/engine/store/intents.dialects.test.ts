/**
 * The intents' store on both dialects: one intent holds a transaction at a time, one done after the
 * caller read the transaction still holds it, a second approver takes an intent once, and resolving
 * frees the transaction; every move has its line in the trail.
 */
import { expect, it } from 'vitest';
import {
  approveIntent,
  claimIntent,
  getIntent,
  listIntents,
  resolveIntent,
  updateIntent,
  type NewIntent,
} from '../../../electron/engine/store/intents';
import { describeOnBothDialects } from '../../helpers/dialectStore';

const T0 = '2026-03-10T15:00:00.000Z';
const T1 = '2026-03-10T15:01:00.000Z';
const T2 = '2026-03-10T15:02:00.000Z';

const refund = (id: string, transactionId: number, by: string, state: NewIntent['state'] = 'sending'): NewIntent => ({
  id,
  kind: 'refund',
  state,
  transactionId,
  payeeId: 1,
  amountCents: 500,
  request: '{}',
  reason: 'Overpayment',
  requestedBy: by,
  at: T0,
  beforeRaw: '{}',
  sinceId: null,
});

describeOnBothDialects('payment intents', (store) => {
  it('lets one intent hold a transaction, and names the holder to the next', async () => {
    expect(await claimIntent(store.writer, refund('DR-a', 101, 'alice'), T0)).toEqual({ claimed: true });
    const second = await claimIntent(store.writer, refund('DR-b', 101, 'bob'), T0);
    expect(second).toMatchObject({ claimed: false, holder: { id: 'DR-a', requestedBy: 'alice', state: 'sending' } });
    expect(await getIntent(store.reader, 'DR-b')).toBeUndefined();
    // Another transaction is free.
    expect(await claimIntent(store.writer, refund('DR-c', 102, 'bob'), T0)).toEqual({ claimed: true });
  });

  it('keeps a done intent as the holder for whoever read the transaction before it was done', async () => {
    await updateIntent(
      store.writer,
      'DR-a',
      T1,
      { state: 'done', active_key: null },
      { actor: 'alice', event: 'done' },
    );
    const stale = await claimIntent(store.writer, refund('DR-d', 101, 'bob'), T0);
    expect(stale).toMatchObject({ claimed: false, holder: { id: 'DR-a', state: 'done' } });
    expect(await claimIntent(store.writer, refund('DR-e', 101, 'bob'), T2)).toEqual({ claimed: true });
  });

  it('gives an intent awaiting approval to one other approver, once', async () => {
    await claimIntent(store.writer, refund('DR-f', 103, 'alice', 'awaiting_approval'), T0);
    expect(await approveIntent(store.writer, 'DR-f', 'Alice', T1)).toMatchObject({
      approved: false,
      reason: 'same_person',
    });
    expect(await approveIntent(store.writer, 'DR-f', 'bob', T1)).toMatchObject({
      approved: true,
      intent: { state: 'sending', approvedBy: 'bob' },
    });
    expect(await approveIntent(store.writer, 'DR-f', 'carol', T1)).toMatchObject({
      approved: false,
      reason: 'not_awaiting',
    });
  });

  it('frees the transaction when a person resolves an intent, and keeps the trail', async () => {
    expect(
      await resolveIntent(store.writer, 'DR-f', 'carol', T2, 'did_not_happen', 'checked the portal'),
    ).toMatchObject({
      resolved: true,
      intent: { state: 'resolved', resolvedBy: 'carol', message: 'Did not happen: checked the portal' },
    });
    expect(await resolveIntent(store.writer, 'DR-f', 'carol', T2, 'happened', 'again')).toMatchObject({
      resolved: false,
      reason: 'not_open',
    });
    expect(await claimIntent(store.writer, refund('DR-g', 103, 'bob'), T2)).toEqual({ claimed: true });
    const [trail] = await listIntents(store.reader, { transactionId: 103, states: ['resolved'], limit: 10 });
    expect(trail!.events.map((e) => [e.actor, e.event])).toEqual([
      ['alice', 'requested'],
      ['bob', 'approved'],
      ['carol', 'resolved'],
    ]);
  });
});
