import { describe, expect, it } from 'vitest';
import { decideMatches, type MatchBatch, type MatchLine } from '../../../electron/engine/bank/matching';
import { LumpSearch, type LumpBatch } from '../../../electron/engine/bank/matchingLumps';
import { merchantIndex, namedPayee } from '../../../electron/engine/bank/namedPayee';
import { dayNumber } from '../../../electron/engine/bank/businessDays';

describe('the payee a bank line names', () => {
  const merchants = merchantIndex([
    { id: 1, merchantId: 'MID100001' },
    { id: 2, merchantId: 'mid100002' },
    { id: 3, merchantId: '1234' }, // too short to look for
    { id: 4, merchantId: 'SHARED1' },
    { id: 5, merchantId: 'SHARED1' },
  ]);

  it.each([
    ['MERCHANT SETTLEMENT MID100001 SCHOOL 1', 1],
    ['DEPOSIT MID100002/LINCOLN HIGH', 2], // ids are matched whatever their case, between any separators
    ['MERCHANT SETTLEMENT MID100001 MID100001', 1],
    ['MERCHANT SETTLEMENT MID1000011', null], // a longer word is not the id
    ['TRANSFER MID100001 MID100002', null], // two payees: neither
    ['DEPOSIT 1234', null],
    ['DEPOSIT SHARED1', null], // an id two payees share names neither
    ['ACCOUNT ANALYSIS SERVICE CHARGE', null],
    ['', null],
  ])('%s names %s', (text, payee) => {
    expect(namedPayee(text, merchants)).toBe(payee);
  });

  it('names nobody when no payee is known', () => {
    expect(namedPayee('MERCHANT SETTLEMENT MID100001', new Map())).toBeNull();
  });
});

describe('a credit that names its payee', () => {
  const batch = (id: string, payeeId: number, date: string, totalCents: number): MatchBatch => ({
    id,
    payeeId,
    paymentMethod: 'Cash',
    date,
    totalCents,
    partialCents: totalCents,
  });
  // Two schools whose batches of one day each add up to $300.00: a lump of either could be the credit
  // (one business day each: a lump across days is never more than a suggestion, issue 25 item 4).
  const batches = [
    batch('A1', 1, '2026-03-02', 10_000),
    batch('B1', 2, '2026-03-02', 5_000),
    batch('A2', 1, '2026-03-02', 20_000),
    batch('B2', 2, '2026-03-02', 25_000),
  ];
  const credit: MatchLine = { id: 1, postedDate: '2026-03-05', amountCents: 30_000 };

  it('is matched to the lump of its own payee, where a credit that names none is only suggested', () => {
    const [unnamed] = decideMatches({ lines: [credit], batches, returns: [], windowDays: 5 });
    expect(unnamed!.outcome).toBe('suggested');
    expect(unnamed!.candidates.map((c) => c.batchIds)).toEqual([
      ['A1', 'A2'],
      ['B1', 'B2'],
    ]);
    const [named] = decideMatches({ lines: [{ ...credit, payeeId: 2 }], batches, returns: [], windowDays: 5 });
    expect(named).toMatchObject({ outcome: 'matched', searchStopped: false });
    expect(named!.candidates.map((c) => c.batchIds)).toEqual([['B1', 'B2']]);
  });

  it('is looked for among every payee when its own has no lump of its amount', () => {
    const [named] = decideMatches({ lines: [{ ...credit, payeeId: 3 }], batches, returns: [], windowDays: 5 });
    expect(named!.outcome).toBe('suggested');
    expect(named!.candidates).toHaveLength(2);
  });

  it('and a credit of the same amount that names nobody, posted the same day, find their own lumps', () => {
    const lumps: LumpBatch[] = batches.map((b) => ({
      id: b.id,
      day: dayNumber(b.date),
      group: b.payeeId,
      payee: b.payeeId,
      totalCents: b.totalCents,
      partialCents: b.partialCents,
    }));
    const search = new LumpSearch(lumps, 5, 2);
    const [own, any] = search.findFor(
      [
        { amount: 30_000, payee: 1 },
        { amount: 30_000, payee: null },
      ],
      dayNumber('2026-03-05'),
    );
    expect(own!.candidates.map((c) => c.batchIds)).toEqual([['A1', 'A2']]);
    expect(any!.candidates.map((c) => c.batchIds).sort()).toEqual([
      ['A1', 'A2'],
      ['B1', 'B2'],
    ]);
  });
});
