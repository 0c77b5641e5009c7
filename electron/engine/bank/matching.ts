/**
 * Deciding which bank lines are which deposits (DESIGN.md §10). Pure: open lines, open batches and
 * returned ACH transactions in; for each line, its candidates best first and whether it is matched
 * (exactly one), suggested (several) or unmatched (none). No store, no clock.
 *
 * A credit fits one batch whose total (exact) or partial (net: split settlement pays net of fees)
 * equals it, posted 0 to `windowDays` business days after the batch date. Only when no single batch
 * fits are lumps searched: 2 to 6 batches of one payee and method family (card, ACH, cash/check)
 * that add up to it, all totals or all partials. Looking for lumps only then keeps the search to the
 * lines that need it and keeps round amounts (two $50 batches beside one $100 batch) from making a
 * plain deposit ambiguous. A debit fits an ACH transaction the service reports Returned, of the same
 * amount, dated on or before the posting and at most RETURN_WINDOW_DAYS business days earlier.
 *
 * Singles, returns and a day's batches of one school are found by amount in hash indexes. Any other
 * lump is the bounded search of matchingLumps.ts, which states its bound: a line whose search hit it
 * is never matched (`searchStopped`), at most suggested. A line whose text names a payee by merchant
 * id (namedPayee.ts, `payeeId`) is searched among that payee's batches, and among all only when they
 * hold no lump of its amount: the search then costs what one school's does, not the district's.
 */
import {
  candidateKey,
  CandidateFinder,
  type Candidate,
  type Found,
  type MatchInput,
  type MatchLine,
} from './matchingCandidates';

export {
  candidateKey,
  methodFamily,
  RETURN_WINDOW_DAYS,
  type Candidate,
  type MatchBatch,
  type MatchInput,
  type MatchLine,
  type MatchReturn,
} from './matchingCandidates';

export { MAX_GROUP_BATCHES, MAX_LUMP_SIZE, MAX_LUMPS, subsetsSumming } from './matchingLumps';
/** Suggestions kept per line. */
export const MAX_SUGGESTIONS = 10;

export interface LineDecision {
  lineId: number;
  outcome: 'matched' | 'suggested' | 'unmatched';
  /** Best first: closest date, then fewest batches. The first is the match when matched. */
  candidates: Candidate[];
  /** The lump search hit its bound (matchingLumps.ts): there may be candidates it did not see. */
  searchStopped: boolean;
}

interface Entry extends Found {
  line: MatchLine;
  decision: LineDecision | null;
}

export function decideMatches(input: MatchInput): LineDecision[] {
  const finder = new CandidateFinder(input);
  const entries: Entry[] = input.lines.map((line) => ({ line, live: [], stopped: false, decision: null }));
  finder.findAll(input.lines).forEach((found, k) => Object.assign(entries[k]!, found));
  settle(entries, finder);
  return entries.map(
    (entry) =>
      entry.decision ?? {
        lineId: entry.line.id,
        outcome: entry.live.length === 0 ? 'unmatched' : 'suggested',
        candidates: entry.live.slice(0, MAX_SUGGESTIONS),
        searchStopped: entry.stopped,
      },
  );
}

/**
 * Lines with exactly one candidate take it, unless another line's only candidate needs the same
 * batch (two equal deposits and one batch: neither is guessed). Taking batches can leave other
 * lines with one candidate, so repeat until nothing more is taken; each round takes at least one.
 * A line whose search stopped may have candidates it did not see: it takes nothing.
 */
function settle(entries: readonly Entry[], finder: CandidateFinder): void {
  const onlyUses = new Int32Array(finder.itemCount);
  /** The round an item was taken in. */
  const takenIn = new Int32Array(finder.itemCount);
  let open = entries.filter((entry) => entry.decision === null);
  for (let round = 1; ; round++) {
    onlyUses.fill(0);
    for (const { live, stopped } of open) {
      if (live.length !== 1 || stopped) continue;
      for (const item of live[0]!.items) onlyUses[item]! += 1;
    }
    let took = false;
    for (const entry of open) {
      const { line, live, stopped } = entry;
      if (live.length !== 1 || stopped) continue;
      const only = live[0]!;
      if (line.rejected?.has(candidateKey(only))) continue;
      if (!only.items.every((item) => onlyUses[item] === 1 && !finder.isClaimed(item))) continue;
      for (const item of only.items) {
        finder.claim(item);
        takenIn[item] = round;
      }
      entry.decision = { lineId: line.id, outcome: 'matched', candidates: [only], searchStopped: false };
      took = true;
    }
    if (!took) return;
    open = open.filter((entry) => entry.decision === null);
    for (const entry of open) {
      if (!entry.live.some((c) => c.items.some((item) => takenIn[item] === round))) continue;
      // A line whose amount was one batch's is not looked for as a lump once that batch is taken:
      // another line of the same amount took it, and searching every school's combinations for
      // each such line is what made matching grow with the square of the district.
      const wasSingle = entry.live.every((c) => c.how === 'exact' || c.how === 'net');
      Object.assign(entry, finder.find(entry.line, !wasSingle));
    }
  }
}
