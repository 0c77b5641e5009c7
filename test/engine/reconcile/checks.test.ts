import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refreshBatchChecks } from '../../../electron/engine/reconcile';
import { computeBatchChecks } from '../../../electron/engine/reconcile/checks';
import { createTestDb } from '../../helpers/db';
import {
  addBatch,
  addPayee,
  amountChangedAfterBatching,
  payeeChangedAfterBatching,
  refundAfterBatching,
  seedDistrict,
  statusAfterBatching,
} from './fixtures';

type Db = Awaited<ReturnType<typeof createTestDb>>;

async function checksOf(db: Db, id: string) {
  const batch = await db.db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return computeBatchChecks(db.reader, batch);
}

describe('batch tie-out checks', () => {
  let db: Db;
  beforeEach(async () => {
    db = await createTestDb();
    await seedDistrict(db.db);
  });
  afterEach(() => db.cleanup());

  it('ties out when transactions and GL rows agree with the batch', async () => {
    const result = await checksOf(db, '730001');
    expect(result.verdict).toBe('ties_out');
    expect(result.checks.map((c) => [c.name, c.passed, c.expectedCents, c.actualCents])).toEqual([
      ['count', true, 3, 3],
      ['total', true, 7734, 7734],
      ['fees', true, 325, 325],
      ['net', true, 7409, 7409],
      ['gl_total', true, 7734, 7734],
      ['gl_net', true, 7409, 7409],
    ]);
    expect(result.differenceCents).toBe(0);
  });

  it('names a transaction missing from its batch, with the difference in cents', async () => {
    // The service's batch counts 3 transactions; one came to us without its batch id.
    await addPayee(db.db, 3, 'Band Boosters');
    await addBatch(db.db, {
      id: '740001',
      payeeId: 3,
      date: '2026-03-04',
      transactions: [
        { id: 2001, amountCents: 1500, feeCents: 50 },
        { id: 2002, amountCents: 2500 },
        { id: 2003, amountCents: 4200, feeCents: 100, batchId: null },
      ],
      totals: { total: 8200, fees: 150, count: 3 },
    });
    const result = await checksOf(db, '740001');
    expect(result.verdict).toBe('differs');
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]));
    expect(byName.count).toMatchObject({ passed: false, expectedCents: 3, actualCents: 2, differenceCents: -1 });
    expect(byName.total).toMatchObject({ passed: false, differenceCents: -4200 });
    expect(byName.total!.explanations).toEqual([{ kind: 'missing', transactionId: 2003, cents: -4200 }]);
    expect(byName.fees).toMatchObject({ differenceCents: -100 });
    expect(byName.fees!.explanations).toEqual([{ kind: 'missing', transactionId: 2003, cents: -100 }]);
    expect(byName.net).toMatchObject({ differenceCents: -4100 });
    // Off by the largest money difference (the missing $42.00), not the sum over checks.
    expect(result.differenceCents).toBe(4200);
  });

  // Issue 13 changed the meaning: a deposit ties out as batched. Refunds, returns and settled voids
  // after batching used to subtract from the local total ('refunded_after_batching' differences); they
  // are reversals in the journal of their own period now and leave the deposit's checks alone.
  it('a refund after batching leaves the deposit tying out as batched, fingerprint unchanged', async () => {
    const before = await checksOf(db, '730001');
    await refundAfterBatching(db.db, 1002, 1500, '2026-03-05T08:00:00.000Z');
    const result = await checksOf(db, '730001');
    expect(result.verdict).toBe('ties_out');
    expect(result.checks.find((c) => c.name === 'total')).toMatchObject({ expectedCents: 7734, actualCents: 7734 });
    expect(result.checks.flatMap((c) => c.explanations)).toEqual([]);
    expect(result.fingerprint).toBe(before.fingerprint);
  });

  it('a returned check and a void after settlement leave their deposits tying out, fingerprints unchanged', async () => {
    const ach = await checksOf(db, '730002');
    const cc = await checksOf(db, '730004');
    await statusAfterBatching(db.db, 1004, 'Returned', '2026-03-06T15:00:00.000Z');
    await statusAfterBatching(db.db, 1008, 'Voided', '2026-03-06T15:00:00.000Z');
    for (const [id, earlier] of [
      ['730002', ach],
      ['730004', cc],
    ] as const) {
      const now = await checksOf(db, id);
      expect(now.verdict).toBe('ties_out');
      expect(now.fingerprint).toBe(earlier.fingerprint);
    }
  });

  it('an amount changed after batching is one of the deposit own facts: it differs and the fingerprint moves', async () => {
    const before = await checksOf(db, '730001');
    await amountChangedAfterBatching(db.db, 1002, 3500, '2026-03-05T08:00:00.000Z');
    const result = await checksOf(db, '730001');
    expect(result.verdict).toBe('differs');
    expect(result.checks.find((c) => c.name === 'total')).toMatchObject({ actualCents: 7234, differenceCents: -500 });
    expect(result.fingerprint).not.toBe(before.fingerprint);
  });

  // Issue 26 item 10: a transaction's school (payee) is one of the deposit's own facts. A deposit holds
  // one school's money; a transaction the service now says is another school's is not this deposit's.
  it('a transaction moved to another school: the deposit differs, naming it, and the fingerprint moves', async () => {
    const before = await checksOf(db, '730001');
    await payeeChangedAfterBatching(db.db, 1002, 2, '2026-03-05T08:00:00.000Z');
    const result = await checksOf(db, '730001');
    expect(result.verdict).toBe('differs');
    const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]));
    expect(byName.count).toMatchObject({ passed: false, expectedCents: 3, actualCents: 2 });
    expect(byName.total).toMatchObject({ passed: false, actualCents: 3734, differenceCents: -4000 });
    expect(byName.total!.explanations).toEqual([{ kind: 'other_payee', transactionId: 1002, cents: -4000 }]);
    expect(byName.fees!.explanations).toEqual([{ kind: 'other_payee', transactionId: 1002, cents: -200 }]);
    expect(result.differenceCents).toBe(4000);
    expect(result.fingerprint).not.toBe(before.fingerprint);
    // Moved back, it ties out again with the fingerprint it was signed with.
    await payeeChangedAfterBatching(db.db, 1002, 1, '2026-03-06T08:00:00.000Z');
    const back = await checksOf(db, '730001');
    expect(back.verdict).toBe('ties_out');
    expect(back.fingerprint).toBe(before.fingerprint);
  });

  it('is incomplete, not different, while the GL rows are not synced', async () => {
    await addBatch(db.db, {
      id: '750001',
      payeeId: 1,
      date: '2026-03-04',
      transactions: [{ id: 3001, amountCents: 999 }],
      withGl: false,
    });
    const result = await checksOf(db, '750001');
    expect(result.verdict).toBe('incomplete');
    expect(result.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual(['gl_total', 'gl_net']);
  });

  it('stores verdicts for the batches it is given and ignores unknown ids', async () => {
    const result = await refreshBatchChecks(db.writer, ['730001', '730002', 'nope']);
    expect(result).toEqual({ refreshed: 2, reopened: [] });
    const rows = await db.db.selectFrom('batch_checks').select(['batch_id', 'verdict']).orderBy('batch_id').execute();
    expect(rows).toEqual([
      { batch_id: '730001', verdict: 'ties_out' },
      { batch_id: '730002', verdict: 'ties_out' },
    ]);
  });
});
