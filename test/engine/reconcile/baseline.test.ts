/**
 * Issue 30 item 6: the first sync's history is a baseline. Its old refunds and returns are "before
 * District Recon": not reversals since the last review, and not posted in this month's journal.
 */
import type { Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import type { Database } from '../../../electron/engine/store/schema';
import { engineTest } from '../../helpers/engineTest';
import { refundAfterBatching, seedDistrict } from './fixtures';

async function run(db: Kysely<Database>, id: number, status: string) {
  await db
    .insertInto('sync_runs')
    .values({ id, started_at: `2026-03-0${id}T07:30:00.000Z`, status, trigger: 'manual' })
    .execute();
}

/** The change of a transaction's refund, as recorded by sync run `runId`. */
async function recordedBy(db: Kysely<Database>, transactionId: number, runId: number) {
  await db
    .updateTable('transaction_changes')
    .set({ sync_run_id: runId })
    .where('transaction_id', '=', transactionId)
    .where('kind', '=', 'refunded')
    .execute();
}

describe('the first sync is a baseline', () => {
  engineTest.beforeEach(async ({ db }) => {
    await seedDistrict(db);
    // Found by the first sync (run 1), then a refund a later nightly sync (run 2) saw happen.
    await refundAfterBatching(db, 1002, 700, '2026-03-05T16:00:00.000Z');
    await refundAfterBatching(db, 1006, 300, '2026-03-06T16:00:00.000Z');
  });

  engineTest(
    'while the first sync runs, every reversal it records is before District Recon',
    async ({ engine, db }) => {
      await run(db, 1, 'running');
      await recordedBy(db, 1002, 1);
      await recordedBy(db, 1006, 1);
      const { needsYou } = await engine.call('overview.get', {});
      expect(needsYou.reversals.count).toBe(0);
      expect(needsYou.reversals.beforeDistrictRecon).toBe(2);
      expect((await engine.call('reconcile.reversals', { from: '2026-03-01', to: '2026-03-31' })).reversals).toEqual(
        [],
      );
    },
  );

  engineTest(
    "after it, only what later syncs saw is since the last review and in the month's journal",
    async ({ engine, db, folder }) => {
      await run(db, 1, 'succeeded');
      await run(db, 2, 'succeeded');
      await recordedBy(db, 1002, 1);
      await recordedBy(db, 1006, 2);
      const { needsYou } = await engine.call('overview.get', {});
      expect(needsYou.reversals).toMatchObject({ count: 1, totalCents: 300, beforeDistrictRecon: 1 });
      expect(needsYou.reversals.latest.map((r) => r.transactionId)).toEqual([1006]);
      const report = await engine.call('reconcile.reversals', { from: '2026-03-01', to: '2026-03-31' });
      expect(report.reversals.map((r) => r.transactionId)).toEqual([1006]);
      const posted = await engine.call('export.glBatches', {
        from: '2026-03-01',
        to: '2026-03-31',
        file: `${folder}/march.xlsx`,
      });
      expect(posted).toMatchObject({ reversals: 1, reversalCents: 300 });
      // The batch's own history still shows the baseline refund, marked.
      const detail = await engine.call('batches.get', { id: '730001' });
      expect(JSON.stringify(detail)).toContain('"beforeDistrictRecon":true');
    },
  );
});

describe('the Changes view counts what the Overview counts', () => {
  engineTest.beforeEach(async ({ db }) => {
    await seedDistrict(db);
    await refundAfterBatching(db, 1002, 700, '2026-03-05T16:00:00.000Z');
    await refundAfterBatching(db, 1006, 300, '2026-03-06T16:00:00.000Z');
    await run(db, 1, 'succeeded');
    await run(db, 2, 'succeeded');
    await recordedBy(db, 1002, 1);
    await recordedBy(db, 1006, 2);
  });

  engineTest(
    'the first sync’s refund is listed apart as before District Recon, not among the changes to acknowledge',
    async ({ engine }) => {
      const { needsYou } = await engine.call('overview.get', {});
      const groups = await engine.call('changes.groups', {});
      const refunds = groups.find((g) => g.kind === 'refunded');
      expect(refunds?.count).toBe(needsYou.reversals.count);
      expect(refunds?.count).toBe(1);

      const since = await engine.call('changes.list', { kinds: ['refunded'] });
      expect(since.rows.map((c) => c.transactionId)).toEqual([1006]);
      const waiting = groups.reduce((sum, g) => sum + g.count, 0);
      expect((await engine.call('changes.list', {})).unacknowledged).toBe(waiting);

      const before = await engine.call('changes.list', { beforeDistrictRecon: true });
      expect(before.rows.map((c) => c.transactionId)).toEqual([1002]);
      expect(before.unacknowledged).toBe(needsYou.reversals.beforeDistrictRecon);
    },
  );

  engineTest('acknowledging everything shown leaves the baseline as it was', async ({ engine }) => {
    const newest = Math.max(...(await engine.call('changes.groups', {})).map((g) => g.newestId));
    await engine.call('changes.acknowledge', { upToId: newest });
    expect(await engine.call('changes.groups', {})).toEqual([]);
    expect((await engine.call('changes.list', { beforeDistrictRecon: true })).unacknowledged).toBe(1);
    expect((await engine.call('overview.get', {})).needsYou.reversals).toMatchObject({
      count: 0,
      beforeDistrictRecon: 1,
    });
  });
});
