import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { businessDaysBetween, dayNumber, fromDayNumber } from '../../../electron/engine/bank/businessDays';
import {
  MAX_LUMP_SIZE,
  decideMatches,
  subsetsSumming,
  type MatchBatch,
  type MatchLine,
} from '../../../electron/engine/bank/matching';

const batch = (id: string, date: string, totalCents: number, more: Partial<MatchBatch> = {}): MatchBatch => ({
  id,
  payeeId: 1,
  paymentMethod: 'CC',
  date,
  totalCents,
  partialCents: totalCents,
  ...more,
});
const line = (id: number, postedDate: string, amountCents: number): MatchLine => ({ id, postedDate, amountCents });

describe('business days', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    // Assigning undefined would set the text "undefined".
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    ['2026-03-06', '2026-03-09', 1], // Friday to Monday
    ['2026-03-02', '2026-03-09', 5],
    ['2026-03-02', '2026-03-02', 0],
    ['2026-03-07', '2026-03-09', 1], // a Saturday batch, paid Monday
    ['2026-03-07', '2026-03-08', 0],
    ['2025-12-31', '2026-01-02', 2],
    ['2026-03-09', '2026-03-02', 0],
  ])('%s to %s is %i', (from, to, days) => {
    expect(businessDaysBetween(from, to)).toBe(days);
  });

  it('counts the weekdays after the first date through the last, whatever zone the machine is in', () => {
    for (const tz of ['UTC', 'America/Chicago', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 60 }), (start, span) => {
          const from = fromDayNumber(start);
          const to = fromDayNumber(start + span);
          let naive = 0;
          for (let d = start + 1; d <= start + span; d++) {
            const weekday = new Date(d * 86_400_000).getUTCDay();
            if (weekday !== 0 && weekday !== 6) naive += 1;
          }
          expect(dayNumber(from)).toBe(start);
          expect(businessDaysBetween(from, to)).toBe(naive);
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe('decideMatches', () => {
  it('ranks candidates closest date first, then fewest batches', () => {
    const [decision] = decideMatches({
      lines: [line(1, '2026-03-06', 3_000)],
      batches: [batch('OLD', '2026-03-02', 3_000, { payeeId: 2 }), batch('NEW', '2026-03-05', 3_000, { payeeId: 3 })],
      returns: [],
      windowDays: 5,
    });
    expect(decision!.outcome).toBe('suggested');
    expect(decision!.candidates.map((c) => c.batchIds)).toEqual([['NEW'], ['OLD']]);
  });

  it('looks for lumps only when no single batch fits, and ranks lumps by date then size', () => {
    const batches = [
      batch('A', '2026-03-05', 1_000),
      batch('B', '2026-03-05', 2_000),
      batch('C', '2026-03-05', 500),
      batch('D', '2026-03-05', 1_500),
      batch('E', '2026-03-02', 3_000, { payeeId: 9 }),
    ];
    const single = decideMatches({ lines: [line(1, '2026-03-06', 3_000)], batches, returns: [], windowDays: 5 });
    expect(single[0]).toMatchObject({ outcome: 'matched', candidates: [{ batchIds: ['E'], how: 'exact' }] });
    const lumps = decideMatches({
      lines: [line(1, '2026-03-06', 3_000)],
      batches: batches.slice(0, 4),
      returns: [],
      windowDays: 5,
    });
    expect(lumps[0]!.outcome).toBe('suggested');
    expect(lumps[0]!.candidates.map((c) => c.batchIds.length)).toEqual([2, 3]);
  });

  it('lumps all totals or all partials, never a mix', () => {
    const batches = [
      batch('P', '2026-03-02', 1_000, { partialCents: 970 }),
      batch('Q', '2026-03-02', 2_000, { partialCents: 1_940 }),
    ];
    const decide = (cents: number) =>
      decideMatches({ lines: [line(1, '2026-03-03', cents)], batches, returns: [], windowDays: 5 })[0]!;
    expect(decide(2_910).outcome).toBe('matched');
    expect(decide(3_000).outcome).toBe('matched');
    expect(decide(2_970).outcome).toBe('unmatched');
  });

  it('keeps the subset search bounded: at most six batches in a lump, at most `limit` lumps', () => {
    const ones = Array.from({ length: 10 }, () => 1);
    expect(subsetsSumming(ones, MAX_LUMP_SIZE, 1_000).length).toBe(210); // C(10, 6)
    expect(subsetsSumming(ones, MAX_LUMP_SIZE + 1, 1_000)).toEqual([]);
    expect(subsetsSumming(ones, 3, 5)).toHaveLength(5);
    expect(subsetsSumming([5, 5], 5, 10)).toEqual([]); // one batch is not a lump
  });
});

const dateArb = fc.integer({ min: 0, max: 15 }).map((d) => fromDayNumber(dayNumber('2026-03-02') + d));
const amountArb = fc.constantFrom(100, 200, 300, 500, 700, 1_000);
/** Batches: date, cents, payee, and whether it is paid net of 10 cents of fees. */
const batchSpecsArb = (maxLength: number) =>
  fc.array(fc.tuple(dateArb, amountArb, fc.integer({ min: 1, max: 3 }), fc.boolean()), { maxLength });
const lineSpecsArb = (minLength: number, maxLength: number) =>
  fc.array(fc.tuple(dateArb, fc.constantFrom(100, 200, 300, 500, 700, 1_000, 1_200, 1_500)), {
    minLength,
    maxLength,
  });

/** Batches and lines (of amounts that often tie) and a window: what the matcher's properties range over. */
function districtArb(maxBatches: number, minLines: number, maxLines: number) {
  return fc
    .tuple(batchSpecsArb(maxBatches), lineSpecsArb(minLines, maxLines), fc.integer({ min: 0, max: 6 }))
    .map(([batchSpecs, lineSpecs, windowDays]) => ({
      batches: batchSpecs.map(([date, cents, payeeId, net], i) =>
        batch(`B${i}`, date, cents, { payeeId, partialCents: net ? cents - 10 : cents }),
      ),
      lines: lineSpecs.map(([date, cents], i) => line(i + 1, date, cents)),
      windowDays,
    }));
}

describe('property: a batch is never taken by two lines', () => {
  it('holds for any lines and batches, ambiguous amounts included', () => {
    fc.assert(
      fc.property(districtArb(25, 0, 15), ({ batches, lines, windowDays }) => {
        const decisions = decideMatches({ lines, batches, returns: [], windowDays });
        const held = new Map<string, number>();
        for (const d of decisions) {
          if (d.outcome !== 'matched') continue;
          expect(d.candidates).toHaveLength(1);
          for (const id of d.candidates[0]!.batchIds) {
            expect(held.get(id), `batch ${id} taken by lines ${held.get(id)} and ${d.lineId}`).toBeUndefined();
            held.set(id, d.lineId);
          }
          const chosen = batches.filter((b) => d.candidates[0]!.batchIds.includes(b.id));
          const amount = lines.find((l) => l.id === d.lineId)!.amountCents;
          const sums = [chosen.reduce((s, b) => s + b.totalCents, 0), chosen.reduce((s, b) => s + b.partialCents, 0)];
          expect(sums).toContain(amount);
          for (const b of chosen) {
            expect(b.date <= lines.find((l) => l.id === d.lineId)!.postedDate).toBe(true);
            expect(businessDaysBetween(b.date, lines.find((l) => l.id === d.lineId)!.postedDate)).toBeLessThanOrEqual(
              windowDays,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('property: the order lines come in changes nothing', () => {
  it('decides each line the same whatever order the lines are given in', () => {
    fc.assert(
      fc.property(districtArb(20, 1, 12), fc.nat(), ({ batches, lines, windowDays }, seed) => {
        // A rotation and a reversal: the lines out of date order.
        const shuffled = [...lines.slice(seed % lines.length), ...lines.slice(0, seed % lines.length)].reverse();
        const byId = (decisions: ReturnType<typeof decideMatches>) => new Map(decisions.map((d) => [d.lineId, d]));
        const given = byId(decideMatches({ lines, batches, returns: [], windowDays }));
        const other = byId(decideMatches({ lines: shuffled, batches, returns: [], windowDays }));
        expect(other).toEqual(given);
      }),
      { numRuns: 200 },
    );
  });
});
