/**
 * Issue 30 item 5: sign-off at scale. 200 deposits that tie out, selected as read; two change under
 * the selection before it is confirmed: 198 are signed, the 2 are left and named, each deposit
 * decided under its own revision guard.
 */
import { describe, expect } from 'vitest';
import { ensureChecksFresh } from '../../../electron/engine/reconcile';
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
        selected.push({ id: idOf(n), revision });
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
      for (const { reason } of result.left) expect(reason).toMatch(/changed since you opened it|does not tie out/);

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
});
