import { describe, expect } from 'vitest';
import type { Kysely } from 'kysely';
import { ensureChecksFresh, refreshBatchChecks } from '../../../electron/engine/reconcile';
import type { Database } from '../../../electron/engine/store/schema';
import { engineTest } from '../../helpers/engineTest';
import { credit, importLines } from '../bank/bankFixtures';
import {
  amountChangedAfterBatching,
  chooseDefaultAccounts,
  refundAfterBatching,
  seedDistrict,
  statusAfterBatching,
} from './fixtures';

const SEEN = '2026-03-05T07:31:00.000Z';

/** A change the differ would record for a sale first seen, or moved, to a failing status. */
async function failedSale(db: Kysely<Database>, transactionId: number, kind: string, toStatus: string) {
  await db
    .insertInto('transaction_changes')
    .values({
      transaction_id: transactionId,
      kind,
      from_status: kind === 'first_seen' ? null : 'Pending',
      to_status: toStatus,
      delta_cents: null,
      detail: null,
      sync_run_id: null,
      seen_at: SEEN,
      acknowledged_at: null,
    })
    .execute();
}

describe('the morning screen: what needs the bookkeeper, and the routine news', () => {
  engineTest.override({ now: '2026-03-04T15:00:00Z' });
  engineTest.beforeEach(async ({ engine, db }) => {
    await seedDistrict(db);
    await ensureChecksFresh(engine.internals.store.writer, '2026-03-04T14:00:00.000Z');
  });

  engineTest('counts GL rows on no account with no default, by school, until one is chosen', async ({ engine }) => {
    await engine.call('accountMaps.setDefault', { school: 1, glNumber: null });
    const { needsYou } = await engine.call('overview.get', {});
    expect(needsYou.noAccount).toEqual({
      count: 1,
      cents: 777,
      schools: [{ payeeId: 1, payeeName: 'Lincoln High Athletics', amountCents: 777 }],
    });
    expect(needsYou.count).toBe(1);
    await chooseDefaultAccounts(engine);
    expect((await engine.call('overview.get', {})).needsYou.noAccount).toEqual({ count: 0, cents: 0, schools: [] });
  });

  engineTest(
    'says nothing needs the bookkeeper when every deposit ties out, and sums the routine deposits',
    async ({ engine }) => {
      const { needsYou, routine } = await engine.call('overview.get', {});
      expect(needsYou.count).toBe(0);
      expect(needsYou.attention).toEqual([]);
      expect(needsYou.bankLines).toBeNull();
      expect(routine.deposits.count).toBe(4);
      // 77.34 + 55.00 + 107.78 + 123.45, over every deposit, not a page of them.
      expect(routine.deposits.cents).toBe(7734 + 5500 + 10778 + 12345);
    },
  );

  engineTest(
    'leads with differing, re-opened deposits, reversals since the last review and failures, with totals',
    async ({ engine, db, clock }) => {
      await engine.call('batches.signOff', { id: '730001', note: '' });
      clock.set('2026-03-05T07:30:00Z');
      await refundAfterBatching(db, 1002, 700, SEEN);
      await statusAfterBatching(db, 1004, 'Returned', SEEN);
      // One of 730001's own facts changed after sign-off: it re-opens. 730003 stops tying out.
      await amountChangedAfterBatching(db, 1001, 2000, SEEN);
      await amountChangedAfterBatching(db, 1006, 9501, SEEN);
      await failedSale(db, 1008, 'declined', 'Declined');
      await failedSale(db, 1007, 'first_seen', 'Declined');
      await failedSale(db, 1003, 'first_seen', 'Unknown');
      await refreshBatchChecks(engine.internals.store.writer, ['730001', '730002', '730003', '730004'], {
        at: '2026-03-05T07:32:00.000Z',
        reason: 'Changed in the sync of 2026-03-05',
      });

      const { needsYou, routine } = await engine.call('overview.get', {});
      expect(needsYou.differs).toMatchObject({ count: 1, cents: 500 });
      expect(needsYou.differs.batches.map((b) => b.id)).toEqual(['730003']);
      expect(needsYou.reopened.batches.map((b) => b.id)).toEqual(['730001']);
      expect(needsYou.reopened.batches[0]?.reopenReason).toContain('1001 amount 25.00 -> 20.00');
      expect(needsYou.incomplete.count).toBe(0);
      // A refund or a return no longer makes a deposit differ (issue 13): it is a reversal to review.
      expect(needsYou.reversals).toMatchObject({
        count: 2,
        totalCents: 700 + 1999,
        byKind: { refund: { count: 1, cents: 700 }, return: { count: 1, cents: 1999 }, void: { count: 0, cents: 0 } },
      });
      expect(needsYou.reversals.latest.map((r) => r.transactionId).sort()).toEqual([1002, 1004]);
      expect(needsYou.attention.map((a) => [a.kind, a.count])).toEqual([
        ['anomaly', 2],
        ['unknown', 1],
        ['declined', 2],
      ]);
      expect(needsYou.attention.find((a) => a.kind === 'declined')?.transactionIds.sort()).toEqual([1007, 1008]);
      expect(needsYou.count).toBe(1 + 1 + 2 + 2 + 1 + 2);
      // 730002 (the return) and 730004 still tie out as batched: routine.
      expect(routine.deposits.batches.map((b) => b.id).sort()).toEqual(['730002', '730004']);
    },
  );

  engineTest(
    'counts reversals since the last review only: acknowledged ones are reviewed',
    async ({ engine, db, clock }) => {
      await refundAfterBatching(db, 1002, 700, SEEN);
      const before = await engine.call('overview.get', {});
      expect(before.needsYou.reversals.count).toBe(1);
      await engine.call('changes.acknowledge', { kinds: ['refunded'] });
      await refundAfterBatching(db, 1005, 500, '2026-03-06T07:31:00.000Z');
      clock.set('2026-03-06T15:00:00Z');
      const after = await engine.call('overview.get', {});
      expect(after.needsYou.reversals).toMatchObject({ count: 1, totalCents: 500 });
      expect(after.needsYou.reversals.latest[0]?.transactionId).toBe(1005);
    },
  );

  engineTest('counts unmatched and suggested bank lines once a statement is imported', async ({ engine }) => {
    // 77.34 is deposit 730001 (matched); 12.00 is nobody's.
    await importLines(engine, [credit('2026-03-04', 7734), credit('2026-03-05', 1200)]);
    const { needsYou } = await engine.call('overview.get', {});
    expect(needsYou.bankLines).not.toBeNull();
    expect(needsYou.bankLines!.unmatched + needsYou.bankLines!.suggested).toBe(1);
  });
});

describe('the change feed by kind', () => {
  engineTest.override({ now: '2026-03-05T15:00:00Z' });
  engineTest.beforeEach(async ({ db }) => {
    await seedDistrict(db);
    await refundAfterBatching(db, 1002, 700, SEEN);
    await refundAfterBatching(db, 1005, 100, SEEN);
    await failedSale(db, 1008, 'settled', 'Settled');
    await failedSale(db, 1007, 'settled', 'Settled');
    await failedSale(db, 1003, 'declined', 'Declined');
  });

  engineTest('groups what waits by kind, action kinds first, routine kinds last', async ({ engine }) => {
    const groups = await engine.call('changes.groups', {});
    expect(groups.map((g) => [g.kind, g.count, g.action])).toEqual([
      ['refunded', 2, true],
      ['declined', 1, true],
      ['settled', 2, false],
    ]);
  });

  engineTest(
    'acknowledges a whole kind in one call, and only as far as the count confirmed with upToId',
    async ({ engine, db }) => {
      const settled = (await engine.call('changes.groups', {})).find((g) => g.kind === 'settled')!;
      // A sync lands between the confirmation and the click: its settlement is not acknowledged unseen.
      await failedSale(db, 1006, 'settled', 'Settled');
      const result = await engine.call('changes.acknowledge', { kinds: ['settled'], upToId: settled.newestId });
      expect(result.acknowledged).toBe(2);
      const groups = await engine.call('changes.groups', {});
      expect(groups.map((g) => [g.kind, g.count])).toEqual([
        ['refunded', 2],
        ['declined', 1],
        ['settled', 1],
      ]);
      expect((await engine.call('changes.acknowledge', { kinds: ['refunded', 'declined'] })).acknowledged).toBe(3);
      expect((await engine.call('changes.list', { unacknowledgedOnly: true })).unacknowledged).toBe(1);
    },
  );

  engineTest('lists each change with the deposit its transaction is in', async ({ engine }) => {
    const page = await engine.call('changes.list', { kinds: ['refunded'] });
    expect(page.rows.map((c) => [c.transactionId, c.batchId])).toEqual([
      [1005, '730002'],
      [1002, '730001'],
    ]);
  });

  engineTest.for([
    [{ kinds: [] }, 'kinds'],
    [{ ids: [1], kinds: ['settled'] }, 'either'],
    [{ kinds: ['nonsense'] }, 'kinds'],
    [{}, 'either'],
  ] as const)('refuses %j', async ([args, words], { engine }) => {
    await expect(engine.call('changes.acknowledge', args as never)).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
      message: expect.stringContaining(words),
    });
  });
});
