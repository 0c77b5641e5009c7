/**
 * Bank lines that are a school office's deposit slip (DESIGN.md §10, §12). Pure: the open lines,
 * the verified slips no line holds yet, and the batch matcher's decisions in; each line's choice out.
 *
 * An office takes its day's cash and checks to the bank and the bank credits one line of what was
 * counted (the slip's counted total: an over/short slip is credited what was counted, not what the
 * collections add up to), while the service settles those collections into batches. A credit fits a
 * slip whose counted total it equals, posted 0 to `windowDays` business days after the slip's date,
 * of the school the line's text names when it names one. The simplest explanation wins: a single
 * slip that fits beats a lump of batches; a slip and a batch of another deposit that both fit, or
 * several slips, or one slip fitting two lines, are suggestions for the bookkeeper.
 *
 * The slips' own batches are held out of the batch matcher for a run in which some line fits their
 * slip (slipBatchesToHoldOut): the line that is the slip explains them, and a lump of them must not
 * be offered beside it as if it were another deposit.
 */
import { businessDaysBetweenDays } from './businessDays';
import type { Decisions, LineDecision } from './matching';
import type { DayNumbers, LineTable } from './matchingColumns';

/** A verified slip no live match holds, as the store reads it (store/slips OpenSlipRow). */
export interface MatchSlip {
  id: string;
  payeeId: number;
  date: string;
  countedCents: number;
  batchIds: readonly string[];
}

/** One explanation of a line, whatever found it: a slip, batches, or a returned transaction. */
export interface LineChoice {
  how: 'exact' | 'net' | 'lumped' | 'return';
  batchIds: string[];
  transactionId: number | null;
  slipId: string | null;
  gapDays: number;
}

export interface SlipAwareDecision {
  lineId: number;
  outcome: LineDecision['outcome'];
  /** Best first; the first is the match when matched. */
  choices: LineChoice[];
}

/** The key of a slip candidate among a line's undone matches (bank/matching.ts candidateKey's sibling). */
export function slipKey(slipId: string): string {
  return `s:${slipId}`;
}

/** The slips each credit line fits, by the line's index; lines fitting none are absent. */
export class SlipFits {
  private readonly fits = new Map<number, Array<{ slip: MatchSlip; gapDays: number }>>();
  /** How many lines each slip fits. */
  private readonly linesPerSlip = new Map<string, number>();

  constructor(lines: LineTable, slips: readonly MatchSlip[], days: DayNumbers, windowDays: number) {
    const byAmount = new Map<number, MatchSlip[]>();
    for (const slip of slips) byAmount.set(slip.countedCents, [...(byAmount.get(slip.countedCents) ?? []), slip]);
    if (byAmount.size === 0) return;
    for (let k = 0; k < lines.count; k++) {
      const amount = lines.amount[k]!;
      const same = amount > 0 ? byAmount.get(amount) : undefined;
      if (same === undefined) continue;
      const named = lines.payeeOf(k);
      const rejected = lines.rejected.get(k);
      const fitting = same.flatMap((slip) => {
        const slipDay = days.of(slip.date);
        // The bank cannot credit a deposit before the office made it.
        if (lines.day[k]! < slipDay) return [];
        const gapDays = businessDaysBetweenDays(slipDay, lines.day[k]!);
        if (gapDays > windowDays) return [];
        if (named !== null && named !== slip.payeeId) return [];
        if (rejected?.has(slipKey(slip.id))) return [];
        return [{ slip, gapDays }];
      });
      if (fitting.length === 0) continue;
      fitting.sort((a, b) => a.gapDays - b.gapDays || (a.slip.id < b.slip.id ? -1 : 1));
      this.fits.set(k, fitting);
      for (const { slip } of fitting) this.linesPerSlip.set(slip.id, (this.linesPerSlip.get(slip.id) ?? 0) + 1);
    }
  }

  /** The batches of every slip some line fits: the batch matcher leaves them to those lines. */
  slipBatchesToHoldOut(): Set<string> {
    const held = new Set<string>();
    for (const fitting of this.fits.values())
      for (const { slip } of fitting) for (const id of slip.batchIds) held.add(id);
    return held;
  }

  get size(): number {
    return this.fits.size;
  }

  /**
   * Line `k`'s decision, the batch matcher's unless the line fits a slip. A line fitting one slip,
   * which fits no other line, and no single batch of another deposit: matched to the slip. Lumps
   * give way to a single slip; anything else left is a suggestion beside the slips.
   */
  decide(k: number, decisions: Decisions): SlipAwareDecision {
    const byBatches = decisions.decision(k);
    const fitting = this.fits.get(k);
    if (fitting === undefined) {
      return { lineId: byBatches.lineId, outcome: byBatches.outcome, choices: byBatches.candidates.map(choiceOf) };
    }
    const single = fitting.length === 1;
    const others = byBatches.candidates.filter((c) => !single || c.how !== 'lumped').map(choiceOf);
    const slips: LineChoice[] = fitting.map(({ slip, gapDays }) => ({
      how: 'exact',
      batchIds: [...slip.batchIds],
      transactionId: null,
      slipId: slip.id,
      gapDays,
    }));
    const matched = single && others.length === 0 && this.linesPerSlip.get(fitting[0]!.slip.id) === 1;
    return { lineId: byBatches.lineId, outcome: matched ? 'matched' : 'suggested', choices: [...slips, ...others] };
  }
}

function choiceOf(c: LineDecision['candidates'][number]): LineChoice {
  return { how: c.how, batchIds: c.batchIds, transactionId: c.transactionId, slipId: null, gapDays: c.gapDays };
}
