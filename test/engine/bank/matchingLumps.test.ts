import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDaysBetweenDays, dayNumber, fromDayNumber } from '../../../electron/engine/bank/businessDays';
import { decideMatches, type MatchBatch } from '../../../electron/engine/bank/matching';
import {
  LINE_SEARCH_STEPS,
  LumpSearch,
  MAX_GROUP_BATCHES,
  MAX_LUMP_SIZE,
  MAX_LUMPS,
  type LumpBatch,
} from '../../../electron/engine/bank/matchingLumps';

const MONDAY = dayNumber('2026-03-02');

interface Spec {
  group: number;
  day: number;
  total: number;
  partial: number;
}

/** Batches as matchingCandidates.ts hands them over: in date order, then id. */
function lumpBatches(specs: readonly Spec[]): LumpBatch[] {
  return specs
    .map((s, i) => ({
      id: `B${String(i).padStart(3, '0')}`,
      day: s.day,
      group: s.group,
      totalCents: s.total,
      partialCents: s.partial,
    }))
    .sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : 1));
}

/**
 * The plain search, written out: every subset of 2..MAX_LUMP_SIZE of each group's MAX_GROUP_BATCHES
 * most recent open batches in the window, all totals or all partials, adding up to the amount.
 */
function bruteForce(
  batches: readonly LumpBatch[],
  taken: ReadonlySet<number>,
  amount: number,
  posted: number,
  windowDays: number,
) {
  const groups = new Map<number, { index: number; gap: number }[]>();
  batches.forEach((b, index) => {
    if (taken.has(index) || b.day > posted) return;
    const gap = businessDaysBetweenDays(b.day, posted);
    if (gap > windowDays) return;
    groups.set(b.group, [...(groups.get(b.group) ?? []), { index, gap }]);
  });
  const found = new Map<string, { gapDays: number; gapSum: number }>();
  /** Lumps counted once per basis, as the search meets them: below MAX_LUMPS, none is cut off. */
  let raw = 0;
  for (const members of groups.values()) {
    const kept = [...members].sort((a, b) => a.gap - b.gap || a.index - b.index).slice(0, MAX_GROUP_BATCHES);
    const net = kept.some((m) => batches[m.index]!.partialCents !== batches[m.index]!.totalCents);
    for (let mask = 0; mask < 1 << kept.length; mask++) {
      const chosen = kept.filter((_, k) => mask & (1 << k));
      if (chosen.length < 2 || chosen.length > MAX_LUMP_SIZE) continue;
      const ofBasis = (basis: 'totalCents' | 'partialCents') =>
        chosen.every((m) => batches[m.index]![basis] > 0) &&
        chosen.reduce((sum, m) => sum + batches[m.index]![basis], 0) === amount;
      const totals = ofBasis('totalCents');
      const partials = net && ofBasis('partialCents');
      raw += Number(totals) + Number(partials);
      if (!totals && !partials) continue;
      const key = chosen
        .map((m) => batches[m.index]!.id)
        .sort()
        .join(',');
      found.set(key, {
        gapDays: Math.max(...chosen.map((m) => m.gap)),
        gapSum: chosen.reduce((sum, m) => sum + m.gap, 0),
      });
    }
  }
  return { found, raw };
}

const specArb = fc.record({
  group: fc.integer({ min: 0, max: 1 }),
  day: fc.integer({ min: 0, max: 7 }).map((d) => MONDAY + d),
  // Few distinct amounts, so that many subsets collide on one sum; some paid net, a few not positive.
  total: fc.constantFrom(100, 200, 300, 500, 700, 0),
  net: fc.constantFrom(0, 0, 10, 30),
});

describe('the lump search', () => {
  it('finds exactly the lumps a brute-force search finds, for a day of credits, given claimed batches and any window', () => {
    fc.assert(
      fc.property(
        fc.array(specArb, { minLength: 6, maxLength: 22 }),
        fc.array(fc.integer({ min: 0, max: 21 }), { maxLength: 6 }),
        fc.array(
          fc.tuple(fc.uniqueArray(fc.integer({ min: 0, max: 21 }), { maxLength: MAX_LUMP_SIZE }), fc.boolean()),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 6 }),
        (specs, claims, picks, postedOffset, windowDays) => {
          const batches = lumpBatches(specs.map((s) => ({ ...s, partial: s.total - s.net })));
          const posted = MONDAY + postedOffset;
          // Mostly what some batches of one group in the window add up to: lumps to find (or miss).
          const inWindow = batches.filter(
            (b) => b.group === 0 && b.day <= posted && businessDaysBetweenDays(b.day, posted) <= windowDays,
          );
          const amounts = picks.map(([picked, net]) => {
            const chosen = new Set(inWindow.length ? picked.map((i) => inWindow[i % inWindow.length]!) : []);
            return [...chosen].reduce((sum, b) => sum + (net ? b.partialCents : b.totalCents), 0);
          });
          const search = new LumpSearch(batches, windowDays, 1);
          // A window built before a claim must see it: search once, then claim, then search again.
          search.findMany(amounts, posted);
          const taken = new Set(claims.filter((i) => i < batches.length));
          for (const i of taken) search.claim(i);
          const day = search.findMany(amounts, posted);
          for (const amount of amounts) {
            // The day's search finds for each credit what a search for it alone finds.
            const { candidates, stopped } = day.get(amount)!;
            expect(search.find(amount, posted)).toEqual({ candidates, stopped });
            expect(stopped).toBe(false);
            const expected = bruteForce(batches, taken, amount, posted, windowDays);
            const got = new Map(
              candidates.map((c) => [c.batchIds.join(','), { gapDays: c.gapDays, gapSum: c.gapSum }]),
            );
            expect(got.size).toBe(candidates.length);
            if (expected.raw < MAX_LUMPS) {
              expect(got).toEqual(expected.found);
            } else {
              // Cut off at MAX_LUMPS: which are kept depends on the order the search meets them.
              expect(candidates.length).toBeGreaterThan(0);
              expect(candidates.length).toBeLessThanOrEqual(MAX_LUMPS);
              for (const [key, gaps] of got) expect(expected.found.get(key)).toEqual(gaps);
            }
            for (const c of candidates) {
              expect(c.how).toBe('lumped');
              expect(c.items.map((i) => batches[i]!.id).sort()).toEqual(c.batchIds);
            }
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('searches only the MAX_GROUP_BATCHES most recent open batches of a group', () => {
    // Seventeen batches a day apart, the oldest $10.00 and the others powers of two cents: only the
    // oldest and the 2^14 one make $10.00 + 2^14, and the oldest is left out until one is taken.
    const specs = Array.from({ length: MAX_GROUP_BATCHES + 1 }, (_, i) => {
      const cents = i === 0 ? 1_000 : 2 ** (i - 1);
      return { group: 0, day: MONDAY + i, total: cents, partial: cents };
    });
    const batches = lumpBatches(specs);
    const posted = MONDAY + MAX_GROUP_BATCHES;
    const search = new LumpSearch(batches, 30, 1);
    expect(search.find(1_000 + 2 ** 14, posted).candidates).toEqual([]);
    search.claim(batches.length - 1);
    expect(search.find(1_000 + 2 ** 14, posted).candidates.map((c) => c.batchIds)).toEqual([['B000', 'B015']]);
  });
});

describe('the search bound', () => {
  /** Groups of even amounts: no subset adds up to an odd amount, and proving it takes many steps. */
  function evenGroups(groups: number, first: MatchBatch[] = []): MatchBatch[] {
    const batches = [...first];
    for (let g = 0; g < groups; g++) {
      for (let k = 0; k < MAX_GROUP_BATCHES; k++) {
        batches.push({
          id: `E${g}-${String(k).padStart(2, '0')}`,
          payeeId: 100 + g,
          paymentMethod: 'Cash',
          date: fromDayNumber(MONDAY + (k % 5)),
          totalCents: 200,
          partialCents: 200,
        });
      }
    }
    return batches;
  }
  const line = { id: 1, postedDate: fromDayNumber(MONDAY + 4), amountCents: 1_101 };

  it('stops a search that would take more than LINE_SEARCH_STEPS, and says so', () => {
    const groups = Math.ceil(LINE_SEARCH_STEPS / 1_000);
    const [decision] = decideMatches({ lines: [line], batches: evenGroups(groups), returns: [], windowDays: 5 });
    expect(decision).toMatchObject({ outcome: 'unmatched', candidates: [], searchStopped: true });
  });

  it('never matches a line whose search was stopped, even when it found one lump', () => {
    // The only lump (two batches of the first payee, dated first) is found before the budget runs out.
    // Both of one day: a lump over several days is never matched anyway (issue 25).
    const lump: MatchBatch[] = [
      { id: 'A1', payeeId: 1, paymentMethod: 'CC', date: fromDayNumber(MONDAY), totalCents: 500, partialCents: 500 },
      {
        id: 'A2',
        payeeId: 1,
        paymentMethod: 'CC',
        date: fromDayNumber(MONDAY),
        totalCents: 601,
        partialCents: 601,
      },
      // Beside A1, so that no day of the payee adds up to the amount (a day-lump needs no search).
      { id: 'A3', payeeId: 1, paymentMethod: 'CC', date: fromDayNumber(MONDAY), totalCents: 1, partialCents: 1 },
    ];
    const groups = Math.ceil(LINE_SEARCH_STEPS / 1_000);
    const [stopped] = decideMatches({ lines: [line], batches: evenGroups(groups, lump), returns: [], windowDays: 5 });
    expect(stopped).toMatchObject({ outcome: 'suggested', searchStopped: true });
    expect(stopped!.candidates.map((c) => c.batchIds)).toEqual([['A1', 'A2']]);
    // The same lump with nothing else to search is matched.
    const [plain] = decideMatches({ lines: [line], batches: lump, returns: [], windowDays: 5 });
    expect(plain).toMatchObject({ outcome: 'matched', searchStopped: false });
  });
});
