/**
 * Which bank lines are deposit slips (bank/matchingSlips.ts), pure: a single slip that fits beats a
 * lump; a slip beside another deposit's single batch, several slips, or one slip fitting two lines
 * are suggestions; a slip fits only in its window and only the school a line names.
 * March 2026: Monday the 2nd, Tuesday the 3rd.
 */
import { describe, expect, it } from 'vitest';
import { decideTables } from '../../../electron/engine/bank/matching';
import {
  BatchTableBuilder,
  DayNumbers,
  LineTable,
  type MatchBatch,
  type MatchLine,
} from '../../../electron/engine/bank/matchingColumns';
import { SlipFits, type MatchSlip } from '../../../electron/engine/bank/matchingSlips';

function decide(lines: MatchLine[], batches: MatchBatch[], slips: MatchSlip[], windowDays = 5) {
  const days = new DayNumbers();
  const table = LineTable.of(lines, days);
  const fits = new SlipFits(table, slips, days, windowDays);
  const heldOut = fits.slipBatchesToHoldOut();
  const builder = new BatchTableBuilder(days);
  for (const batch of batches) if (!heldOut.has(batch.id)) builder.add(batch);
  const decisions = decideTables({ lines: table, batches: builder.build(), returns: [], windowDays, days });
  return lines.map((_, k) => fits.decide(k, decisions));
}

const batch = (id: string, payeeId: number, paymentMethod: string, totalCents: number): MatchBatch => ({
  id,
  payeeId,
  paymentMethod,
  date: '2026-03-02',
  totalCents,
  partialCents: totalCents,
});

// School 1's day: $10.00 cash and $5.00 in checks, counted $15.00 (the slip), batched apart.
const officeDay = [batch('C1', 1, 'Cash', 1000), batch('K1', 1, 'PhysicalCheck', 500)];
const slip: MatchSlip = { id: 'S1', payeeId: 1, date: '2026-03-02', countedCents: 1500, batchIds: ['C1', 'K1'] };
const line = (id: number, amountCents: number, postedDate = '2026-03-03', payeeId: number | null = null) => ({
  id,
  postedDate,
  amountCents,
  payeeId,
});

describe('bank lines that are deposit slips', () => {
  it('a single slip that fits beats a lump of other batches adding up to the same', () => {
    const other = [batch('A1', 2, 'CC', 700), batch('A2', 2, 'CC', 800)];
    const [decided] = decide([line(1, 1500)], [...officeDay, ...other], [slip]);
    expect(decided).toEqual({
      lineId: 1,
      outcome: 'matched',
      choices: [{ how: 'exact', batchIds: ['C1', 'K1'], transactionId: null, slipId: 'S1', gapDays: 1 }],
    });
  });

  it('a slip and another deposit’s single batch of the same amount: both suggested, the slip first', () => {
    const [decided] = decide([line(1, 1500)], [...officeDay, batch('A9', 2, 'CC', 1500)], [slip]);
    expect(decided!.outcome).toBe('suggested');
    expect(decided!.choices.map((c) => c.slipId ?? c.batchIds.join('+'))).toEqual(['S1', 'A9']);
  });

  it('one slip fitting two lines, or two slips fitting one line: suggested, never guessed', () => {
    const twoLines = decide([line(1, 1500), line(2, 1500)], officeDay, [slip]);
    expect(twoLines.map((d) => d.outcome)).toEqual(['suggested', 'suggested']);
    const other: MatchSlip = { ...slip, id: 'S2', batchIds: ['C2'] };
    const [twoSlips] = decide([line(1, 1500)], [...officeDay, batch('C2', 1, 'Cash', 1500)], [slip, other]);
    expect(twoSlips!.outcome).toBe('suggested');
    expect(twoSlips!.choices.map((c) => c.slipId)).toEqual(['S1', 'S2']);
  });

  it('fits only within the window after the slip’s date, and only the school a line names', () => {
    const [before] = decide([line(1, 1500, '2026-02-27')], [], [slip]);
    const [late] = decide([line(1, 1500, '2026-03-12')], [], [slip]);
    const [elsewhere] = decide([line(1, 1500, '2026-03-03', 2)], [], [slip]);
    const [named] = decide([line(1, 1500, '2026-03-03', 1)], [], [slip]);
    expect([before, late, elsewhere].map((d) => d!.outcome)).toEqual(['unmatched', 'unmatched', 'unmatched']);
    expect(named).toMatchObject({ outcome: 'matched', choices: [{ slipId: 'S1' }] });
  });

  it('a slip a person undid on a line is not fitted to it again', () => {
    const rejected = { ...line(1, 1500), rejected: new Set(['s:S1']) };
    const [decided] = decide([rejected], [], [slip]);
    expect(decided!.choices.some((c) => c.slipId !== null)).toBe(false);
  });
});
