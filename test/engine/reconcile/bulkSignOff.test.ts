/**
 * Issue 30 item 5: sign-off at scale. 200 deposits that tie out, selected as read; two change under
 * the selection before it is confirmed: 198 are signed, the 2 are left and named, each deposit
 * decided under its own revision guard.
 */
import { describe, expect } from 'vitest';
import { ensureChecksFresh, refreshBatchChecks } from '../../../electron/engine/reconcile';
import { engineTest } from '../../helpers/engineTest';
import { addBatch, addGlAccount, addPayee, amountChangedAfterBatching } from './fixtures';

const DEPOSITS = 200;
const idOf = (n: number) => String(800_000 + n);

describe('bulk sign-off', () => {
  engineTest.beforeEach(async ({ engine, db }) => {
    await addPayee(db, 1, 'Lincoln High Athletics');
    await addGlAccount(db, 'gl-a', '4100-100', 'Athletics Fees');
    for (let n = 0; n < DEPOSITS; n++) {
      await addBatch(db, {
        id: idOf(n),
        payeeId: 1,
        date: '2026-03-02',
        transactions: [{ id: 10_000 + n, amountCents: 1000 + n, glAccountId: 'gl-a' }],
      });
    }
    await ensureChecksFresh(engine.internals.store.writer, '2026-03-04T14:00:00.000Z');
  });

  engineTest(
    '200 deposits with two changed under the selection: 198 signed, the 2 left and named',
    async ({ engine, db }) => {
      const selected = [];
      for (let n = 0; n < DEPOSITS; n++) {
        const { revision, batch } = await engine.call('batches.get', { id: idOf(n) });
        expect(batch.verdict).toBe('ties_out');
        selected.push({ id: idOf(n), revision: revision! });
      }
      // Two deposits' own facts change after they were read (a sync brought new amounts).
      await amountChangedAfterBatching(db, 10_000 + 17, 999, '2026-03-04T15:00:00.000Z');
      await amountChangedAfterBatching(db, 10_000 + 150, 999, '2026-03-04T15:00:00.000Z');

      const result = await engine.call('batches.signOffMany', { deposits: selected, note: '' });
      expect(result.signed).toHaveLength(198);
      expect(result.signed).not.toContain(idOf(17));
      expect(result.signedCents).toBe(
        Array.from({ length: DEPOSITS }, (_, n) => n)
          .filter((n) => n !== 17 && n !== 150)
          .reduce((sum, n) => sum + 1000 + n, 0),
      );
      expect(result.left.map((l) => l.id)).toEqual([idOf(17), idOf(150)]);
      for (const { reason } of result.left)
        expect(reason).toMatch(/changed since you opened it|changed after it was listed|does not tie out/);

      const signed = await db
        .selectFrom('batch_reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'sign_off')
        .executeTakeFirstOrThrow();
      expect(Number(signed.n)).toBe(198);
      const left = await engine.call('batches.get', { id: idOf(17) });
      expect(left.batch.reviewState).not.toBe('signed_off');
      // The "not signed off" filter lists exactly the two left.
      const open = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 500 });
      expect(open.rows.map((b) => b.id).sort()).toEqual([idOf(17), idOf(150)]);
    },
    120_000,
  );

  engineTest(
    'the batch list carries each deposit’s revision: what batches.get gives, and a new one when its checks change',
    async ({ engine, db }) => {
      const listed = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 500 });
      const first = listed.rows.find((b) => b.id === idOf(0))!;
      expect(first.revision).toMatch(/^[0-9a-f]{16}$/);
      expect(first.revision).toBe((await engine.call('batches.get', { id: idOf(0) })).revision);
      await amountChangedAfterBatching(db, 10_000, 1001, '2026-03-04T15:00:00.000Z');
      await refreshBatchChecks(engine.internals.store.writer, [idOf(0)], { at: '2026-03-04T15:05:00.000Z' });
      const relisted = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 500 });
      expect(relisted.rows.find((b) => b.id === idOf(0))!.revision).not.toBe(first.revision);
    },
    120_000,
  );
});

/**
 * The guard that matters most: a deposit a sync changes after it was listed but that still ties out
 * (one sale a cent up, another a cent down) is left and named, not signed under checks nobody saw.
 */
describe('bulk sign-off under the revisions listed', () => {
  const PAIRS = 12;
  const pairId = (n: number) => String(900_000 + n);
  const saleOf = (n: number, k: 0 | 1) => 20_000 + 2 * n + k;

  engineTest.beforeEach(async ({ engine, db }) => {
    await addPayee(db, 1, 'Lincoln High Athletics');
    await addGlAccount(db, 'gl-a', '4100-100', 'Athletics Fees');
    for (let n = 0; n < PAIRS; n++) {
      await addBatch(db, {
        id: pairId(n),
        payeeId: 1,
        date: '2026-03-02',
        transactions: [
          { id: saleOf(n, 0), amountCents: 2500, glAccountId: 'gl-a' },
          { id: saleOf(n, 1), amountCents: 1500 + n, glAccountId: 'gl-a' },
        ],
      });
    }
    await ensureChecksFresh(engine.internals.store.writer, '2026-03-04T14:00:00.000Z');
  });

  engineTest(
    'a deposit changed by a sync between the list and the sign-off is left and named though it still ties out',
    async ({ engine, db }) => {
      const listed = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 500 });
      expect(listed.rows).toHaveLength(PAIRS);
      const selected = listed.rows.map((b) => ({ id: b.id, revision: b.revision! }));

      // A sync after the list: two sales of deposit 3 move a cent each way (its totals hold), and the
      // sync's after-run step re-checks the deposits it touched, as afterSync.ts does.
      const changed = pairId(3);
      await amountChangedAfterBatching(db, saleOf(3, 0), 2501, '2026-03-04T15:00:00.000Z');
      await amountChangedAfterBatching(db, saleOf(3, 1), 1502, '2026-03-04T15:00:00.000Z');
      await refreshBatchChecks(engine.internals.store.writer, [changed], {
        at: '2026-03-04T15:01:00.000Z',
        reason: 'Changed in the sync of 2026-03-04',
      });
      const now = await engine.call('batches.get', { id: changed });
      expect(now.batch.verdict).toBe('ties_out');
      expect(now.revision).not.toBe(selected.find((d) => d.id === changed)!.revision);

      const result = await engine.call('batches.signOffMany', { deposits: selected, note: '' });
      expect(result.left).toHaveLength(1);
      const [left] = result.left;
      expect(left).toMatchObject({ id: changed, school: 'Lincoln High Athletics', date: '2026-03-02' });
      expect(left!.reason).toBe(
        `Lincoln High Athletics, the 03/02/2026 deposit (${changed}) changed after it was listed (latest change ` +
          `recorded Mar 4, 2026, 9:00 AM CT: transaction ${saleOf(3, 0)} amount 25.00 -> 25.01, transaction ` +
          `${saleOf(3, 1)} amount 15.03 -> 15.02; it still ties out). Open it, review it, then sign it off.`,
      );
      const others = selected.map((d) => d.id).filter((id) => id !== changed);
      expect(result.signed).toEqual(others);
      expect(result.signedCents).toBe(others.reduce((sum, _, i) => sum + 4000 + (i < 3 ? i : i + 1), 0));

      // The audit trail (the deposits' review history) holds each sign-off exactly once.
      for (const id of others) {
        const { history } = await engine.call('batches.get', { id });
        expect(history.filter((h) => h.action === 'sign_off')).toHaveLength(1);
      }
      expect((await engine.call('batches.get', { id: changed })).history).toEqual([]);
      const rows = await db.selectFrom('batch_reviews').select(['batch_id', 'action']).execute();
      expect(
        rows
          .filter((r) => r.action === 'sign_off')
          .map((r) => r.batch_id)
          .sort(),
      ).toEqual([...others].sort());

      // Signed again under the revision it has now, it is signed.
      const again = await engine.call('batches.signOffMany', {
        deposits: [{ id: changed, revision: now.revision! }],
        note: '',
      });
      expect(again).toMatchObject({ signed: [changed], left: [] });
    },
    120_000,
  );

  engineTest(
    'a deposit changed under the list and not re-checked since is named with what changed in it',
    async ({ engine, db }) => {
      const listed = await engine.call('batches.list', { filter: { notSignedOff: true }, limit: 500 });
      const selected = listed.rows.map((b) => ({ id: b.id, revision: b.revision! }));
      // Written with no re-check after it (a run cut short): the sign-off's own re-check finds it.
      await db.updateTable('transactions').set({ amount_cents: 2600 }).where('id', '=', saleOf(5, 0)).execute();
      await db.updateTable('transactions').set({ amount_cents: 1405 }).where('id', '=', saleOf(5, 1)).execute();

      const result = await engine.call('batches.signOffMany', { deposits: selected, note: '' });
      expect(result.signed).toHaveLength(PAIRS - 1);
      expect(result.left.map((l) => l.reason)).toEqual([
        `Lincoln High Athletics, the 03/02/2026 deposit (${pairId(5)}) changed after it was listed (a transaction ` +
          'was replaced or its amount or fee changed, the totals unchanged; it still ties out). Open it, review it, ' +
          'then sign it off.',
      ]);
    },
    120_000,
  );
});
