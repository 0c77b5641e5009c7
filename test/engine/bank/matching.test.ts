import { afterEach, describe, expect, it } from 'vitest';
import { rematchBank } from '../../../electron/engine/bank/rematch';
import {
  allLines,
  bankEngine,
  bankEngineWith,
  credit,
  dbOf,
  debit,
  importLines,
  lineOf,
  type SeedBatch,
  seedBatches,
  seedReturned,
  type TestEngine,
} from './bankFixtures';
import type { PlainLine } from './generate';

// March 2026: Monday the 2nd, Friday the 6th, Monday the 9th.
let engine: TestEngine;
afterEach(async () => engine?.close());

/** A fresh engine with these batches stored, then these lines imported (and matched). */
async function importAgainst(batches: SeedBatch[], lines: PlainLine[]): Promise<void> {
  engine = await bankEngine();
  await seedBatches(dbOf(engine), batches);
  await importLines(engine, lines);
}

describe('matching credits to batches', () => {
  it('matches one batch by its total, and a split settlement by its partial (net of fees)', async () => {
    await importAgainst(
      [
        { id: 'B1', date: '2026-03-02', totalCents: 12_345 },
        { id: 'B2', date: '2026-03-02', totalCents: 10_000, partialCents: 9_710 },
      ],
      [credit('2026-03-04', 12_345), credit('2026-03-03', 9_710)],
    );
    expect((await lineOf(engine, 12_345)).match).toMatchObject({
      how: 'exact',
      status: 'matched',
      batchIds: ['B1'],
      gapDays: 2,
    });
    expect((await lineOf(engine, 9_710)).match).toMatchObject({ how: 'net', batchIds: ['B2'], gapDays: 1 });
    expect((await engine.call('bank.forBatch', { batchId: 'B1' })).line?.amountCents).toBe(12_345);
  });

  it('matches a lump of three batches of one payee and method family, not across payees or families', async () => {
    await importAgainst(
      [
        { id: 'L1', date: '2026-03-02', totalCents: 1_000, payeeId: 7 },
        { id: 'L2', date: '2026-03-02', totalCents: 2_000, payeeId: 7 },
        { id: 'L3', date: '2026-03-03', totalCents: 3_501, payeeId: 7 },
        { id: 'OTHER-PAYEE', date: '2026-03-02', totalCents: 500, payeeId: 8 },
        { id: 'SAME-PAYEE-ACH', date: '2026-03-02', totalCents: 700, payeeId: 7, method: 'ACH' },
      ],
      [credit('2026-03-05', 6_501), credit('2026-03-05', 7_201), credit('2026-03-05', 7_001)],
    );
    // L3 is of another day: batches of several days that add up are at most suggested (issue 25).
    const lumped = await lineOf(engine, 6_501);
    expect(lumped).toMatchObject({ status: 'suggested', match: null });
    expect(lumped.suggestions.map((x) => [x.how, x.batchIds])).toEqual([['lumped', ['L1', 'L2', 'L3']]]);
    expect((await lineOf(engine, 7_201)).status).toBe('unmatched');
    expect((await lineOf(engine, 7_001)).status).toBe('unmatched');
  });

  it('matches deposits posted out of order, each within its window, weekends skipped', async () => {
    engine = await bankEngineWith([
      { id: 'FRI', date: '2026-03-06', totalCents: 111 },
      { id: 'MON', date: '2026-03-02', totalCents: 222 },
      { id: 'LATE', date: '2026-03-02', totalCents: 333 },
    ]);
    // MON posts after FRI; LATE posts six business days on (the 10th): past the window.
    await importLines(engine, [credit('2026-03-09', 222), credit('2026-03-09', 111), credit('2026-03-10', 333)]);
    expect((await lineOf(engine, 111)).match?.gapDays).toBe(1);
    expect((await lineOf(engine, 222)).match?.gapDays).toBe(5);
    expect((await lineOf(engine, 333)).status).toBe('unmatched');
  });

  it('honours the window setting', async () => {
    engine = await bankEngine();
    await engine.call('settings.set', { patch: { bankMatchWindowDays: 1 } });
    await seedBatches(dbOf(engine), [
      { id: 'A', date: '2026-03-02', totalCents: 401 },
      { id: 'B', date: '2026-03-06', totalCents: 402 },
    ]);
    await importLines(engine, [credit('2026-03-04', 401), credit('2026-03-09', 402)]);
    expect((await lineOf(engine, 401)).status).toBe('unmatched');
    expect((await lineOf(engine, 402)).status).toBe('matched');
  });

  it('suggests, not guesses, when several batches fit: the closest date first', async () => {
    await importAgainst(
      [
        { id: 'FAR', date: '2026-03-02', totalCents: 5_000, payeeId: 1 },
        { id: 'NEAR', date: '2026-03-04', totalCents: 5_000, payeeId: 2 },
      ],
      [credit('2026-03-05', 5_000)],
    );
    const line = await lineOf(engine, 5_000);
    expect(line.status).toBe('suggested');
    expect(line.match).toBeNull();
    expect(line.suggestions.map((s) => [s.rank, s.batchIds, s.gapDays])).toEqual([
      [1, ['NEAR'], 1],
      [2, ['FAR'], 3],
    ]);
  });

  it('leaves two equal deposits and one batch both suggested; a confirmation settles the other', async () => {
    await importAgainst(
      [
        { id: 'X', date: '2026-03-02', totalCents: 2_500 },
        { id: 'Y', date: '2026-03-03', totalCents: 2_500, payeeId: 2 },
      ],
      [credit('2026-03-04', 2_500), credit('2026-03-05', 2_500)],
    );
    const [later, earlier] = await allLines(engine);
    expect([later!.status, earlier!.status]).toEqual(['suggested', 'suggested']);

    const confirmed = await engine.call('bank.confirm', { lineId: earlier!.id, batchIds: ['X'], by: 'Dana Ortiz' });
    expect(confirmed.match).toMatchObject({ status: 'confirmed', how: 'exact', confirmedBy: 'Dana Ortiz' });
    expect(confirmed.match?.confirmedAt).toBe('2026-03-20T18:00:00.000Z');
    const other = (await allLines(engine)).find((l) => l.id === later!.id)!;
    expect(other.match).toMatchObject({ status: 'matched', batchIds: ['Y'] });
  });

  it('never lets a batch be held by two lines: the confirmation is refused and the key holds', async () => {
    await importAgainst(
      [{ id: 'ONLY', date: '2026-03-02', totalCents: 900 }],
      [credit('2026-03-03', 900), credit('2026-03-04', 901)],
    );
    const taken = await lineOf(engine, 900);
    const other = await lineOf(engine, 901);
    expect(taken.match?.batchIds).toEqual(['ONLY']);
    await expect(engine.call('bank.confirm', { lineId: other.id, batchIds: ['ONLY'] })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(`bank line ${taken.id}`) as unknown,
    });
    await expect(
      dbOf(engine)
        .insertInto('bank_matched_batches')
        .values({ batch_id: 'ONLY', match_id: taken.match!.id, line_id: other.id })
        .execute(),
    ).rejects.toThrow(/UNIQUE|PRIMARY|unique constraint/); // SQLite's words, then PostgreSQL's
  });

  it('an unmatch is kept with its reason, and the matcher does not make the same match again', async () => {
    await importAgainst([{ id: 'B', date: '2026-03-02', totalCents: 640 }], [credit('2026-03-03', 640)]);
    const line = await lineOf(engine, 640);
    const undone = await engine.call('bank.unmatch', { lineId: line.id, reason: 'Deposit was a transfer', by: 'Dana' });
    expect(undone.status).toBe('suggested');
    expect(undone.suggestions.map((s) => s.batchIds)).toEqual([['B']]);
    const detail = await engine.call('bank.line', { id: line.id });
    expect(detail.undoneMatches).toMatchObject([
      { batchIds: ['B'], undoneBy: 'Dana', undoneReason: 'Deposit was a transfer' },
    ]);
    await expect(engine.call('bank.unmatch', { lineId: line.id, reason: 'again' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await engine.call('bank.confirm', { lineId: line.id, batchIds: ['B'] })).match?.status).toBe('confirmed');
  });
});

describe('debits', () => {
  it('matches an ACH return to the returned transaction when amount and date fit', async () => {
    engine = await bankEngine();
    await seedReturned(dbOf(engine), { id: 501, date: '2026-03-02', amountCents: 4_200 });
    await seedReturned(dbOf(engine), { id: 502, date: '2026-03-02', amountCents: 4_300, status: 'Settled' });
    await importLines(engine, [debit('2026-03-06', 4_200, '555', 'ACH RETURN R01'), debit('2026-03-06', 4_300, '555')]);
    expect((await lineOf(engine, -4_200)).match).toMatchObject({ how: 'return', transactionId: 501, batchIds: [] });
    expect((await lineOf(engine, -4_300)).status).toBe('unmatched');
  });

  it('leaves a fee unmatched until explained; the explanation records who and when and can be undone', async () => {
    engine = await bankEngine();
    await engine.call('settings.set', { patch: { reviewerName: 'Pat Reviewer' } });
    await importLines(engine, [debit('2026-03-31', 2_995)]);
    const fee = await lineOf(engine, -2_995);
    expect(fee.status).toBe('unmatched');
    await expect(engine.call('bank.explain', { lineId: fee.id, kind: 'other' })).rejects.toMatchObject({
      code: 'BAD_ARGUMENTS',
    });
    const explanation = await engine.call('bank.explain', {
      lineId: fee.id,
      kind: 'processor_fee',
      note: 'March statement fee',
    });
    expect(explanation).toMatchObject({ kind: 'processor_fee', by: 'Pat Reviewer', at: '2026-03-20T18:00:00.000Z' });
    expect((await lineOf(engine, -2_995)).status).toBe('explained');
    expect((await engine.call('bank.lines', { filter: { statuses: ['explained'] } })).rows.map((l) => l.id)).toEqual([
      fee.id,
    ]);
    await expect(engine.call('bank.explain', { lineId: fee.id, kind: 'rounding' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const undone = await engine.call('bank.unexplain', { id: explanation.id, reason: 'Fee was refunded' });
    expect(undone.undone).toMatchObject({ by: 'Pat Reviewer', reason: 'Fee was refunded' });
    expect((await lineOf(engine, -2_995)).status).toBe('unmatched');
    expect((await engine.call('bank.line', { id: fee.id })).undoneExplanations).toHaveLength(1);
  });
});

describe('in transit, and matching after a sync', () => {
  it('lists batches past the window with no line, aged in business days', async () => {
    engine = await bankEngineWith(
      [
        { id: 'BEFORE-STATEMENTS', date: '2026-02-20', totalCents: 1 },
        { id: 'OLD', date: '2026-03-02', totalCents: 10 },
        { id: 'EXPLAINED', date: '2026-03-03', totalCents: 20 },
        { id: 'MATCHED', date: '2026-03-02', totalCents: 30 },
        { id: 'RECENT', date: '2026-03-16', totalCents: 40 },
      ],
      '2026-03-20',
    );
    await importLines(engine, [credit('2026-03-02', 7), credit('2026-03-03', 30)]);
    await engine.call('bank.explain', { batchId: 'EXPLAINED', kind: 'cash_over_short', note: 'Counted short' });
    const transit = await engine.call('bank.inTransit', {});
    expect(transit).toMatchObject({ asOf: '2026-03-20', windowDays: 5, truncated: false });
    expect(transit.batches.map((b) => [b.batchId, b.ageDays])).toEqual([['OLD', 14]]);
  });

  it('matches lines again once a sync brings their batch, and releases its own match when a batch changes', async () => {
    engine = await bankEngine();
    await importLines(engine, [credit('2026-03-05', 8_800)]);
    expect((await lineOf(engine, 8_800)).status).toBe('unmatched');

    await seedBatches(dbOf(engine), [{ id: 'SYNCED', date: '2026-03-04', totalCents: 8_800 }]);
    const run = await rematchBank(engine.internals);
    expect(run).toMatchObject({ matched: 1, changed: true });
    expect((await lineOf(engine, 8_800)).match?.batchIds).toEqual(['SYNCED']);
    expect(await rematchBank(engine.internals)).toMatchObject({ matched: 0, released: 0, changed: false });

    await dbOf(engine).updateTable('batches').set({ total_cents: 8_700, partial_cents: 8_700 }).execute();
    expect(await rematchBank(engine.internals)).toMatchObject({ released: 1, unmatched: 1, changed: true });
    const detail = await engine.call('bank.line', { id: (await lineOf(engine, 8_800)).id });
    expect(detail.line.status).toBe('unmatched');
    expect(detail.undoneMatches[0]).toMatchObject({ undoneBy: 'matching' });
  });

  it('pages lines newest first with a cursor, filtered by status and direction', async () => {
    engine = await bankEngine();
    const lines = Array.from({ length: 5 }, (_, i) => credit(`2026-03-0${i + 2}`, 100 + i));
    await importLines(engine, [...lines, debit('2026-03-04', 50)]);
    const first = await engine.call('bank.lines', { filter: { direction: 'credit' }, limit: 3 });
    expect(first.rows.map((l) => l.amountCents)).toEqual([104, 103, 102]);
    const second = await engine.call('bank.lines', {
      filter: { direction: 'credit' },
      limit: 3,
      cursor: first.nextCursor,
    });
    expect(second.rows.map((l) => l.amountCents)).toEqual([101, 100]);
    expect(second.nextCursor).toBeNull();
    const debits = await engine.call('bank.lines', { filter: { statuses: ['unmatched'], direction: 'debit' } });
    expect(debits.rows.map((l) => l.amountCents)).toEqual([-50]);
  });
});

describe('lumps as processors make them (issue 25)', () => {
  afterEach(async () => engine?.close());

  it("matches a credit equal to a school's whole business day across methods, as a one-family day-lump", async () => {
    engine = await bankEngineWith([
      { id: 'CARD', date: '2026-03-02', totalCents: 10_000, partialCents: 9_665, payeeId: 7 },
      { id: 'ACH', date: '2026-03-02', totalCents: 2_500, payeeId: 7, method: 'ACH' },
      { id: 'CASH', date: '2026-03-02', totalCents: 1_200, payeeId: 7, method: 'Cash' },
      { id: 'CHECK', date: '2026-03-02', totalCents: 800, payeeId: 7, method: 'PhysicalCheck' },
      { id: 'OTHER-SCHOOL', date: '2026-03-02', totalCents: 5_000, payeeId: 8 },
    ]);
    // The processor pays the card net of its fees, the rest whole.
    await importLines(engine, [credit('2026-03-04', 9_665 + 2_500 + 1_200 + 800)]);
    expect((await lineOf(engine, 14_165)).match).toMatchObject({
      how: 'lumped',
      batchIds: ['ACH', 'CARD', 'CASH', 'CHECK'],
    });
  });

  it('never matches batches of several days that happen to add up, and prefers the one-day lump', async () => {
    engine = await bankEngineWith([
      { id: 'MON', date: '2026-03-02', totalCents: 1_000, payeeId: 7, method: 'Cash' },
      { id: 'TUE', date: '2026-03-03', totalCents: 2_000, payeeId: 7, method: 'Cash' },
      { id: 'WED', date: '2026-03-04', totalCents: 3_000, payeeId: 7, method: 'Cash' },
    ]);
    await importLines(engine, [credit('2026-03-06', 6_000)]);
    const spread = await lineOf(engine, 6_000);
    expect(spread).toMatchObject({ status: 'suggested', match: null });
    expect(spread.suggestions.map((x) => x.batchIds)).toEqual([['MON', 'TUE', 'WED']]);
    await engine.close();

    engine = await bankEngineWith([
      { id: 'MON', date: '2026-03-02', totalCents: 1_000, payeeId: 7, method: 'Cash' },
      { id: 'TUE', date: '2026-03-03', totalCents: 2_000, payeeId: 7, method: 'Cash' },
      { id: 'THU-CARD', date: '2026-03-05', totalCents: 2_000, payeeId: 7 },
      { id: 'THU-CASH', date: '2026-03-05', totalCents: 1_000, payeeId: 7, method: 'Cash' },
    ]);
    // Monday and Tuesday's cash add up to it too; Thursday's whole day is the deposit.
    await importLines(engine, [credit('2026-03-06', 3_000)]);
    expect((await lineOf(engine, 3_000)).match).toMatchObject({ how: 'lumped', batchIds: ['THU-CARD', 'THU-CASH'] });
  });

  it('matches the one batch that fits ahead of any lump that also fits', async () => {
    engine = await bankEngineWith([
      { id: 'ONE', date: '2026-03-03', totalCents: 3_000, payeeId: 9 },
      { id: 'PART-A', date: '2026-03-03', totalCents: 1_000, payeeId: 7 },
      { id: 'PART-B', date: '2026-03-03', totalCents: 2_000, payeeId: 7, method: 'Cash' },
    ]);
    await importLines(engine, [credit('2026-03-04', 3_000)]);
    expect((await lineOf(engine, 3_000)).match).toMatchObject({ how: 'exact', batchIds: ['ONE'] });
  });
});
