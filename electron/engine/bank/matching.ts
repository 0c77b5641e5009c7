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
  type FoundSink,
  type MatchInput,
  type MatchTables,
} from './matchingCandidates';
import { BatchTableBuilder, DayNumbers, LineTable, type BatchTable } from './matchingColumns';

export {
  candidateKey,
  methodFamily,
  RETURN_WINDOW_DAYS,
  type Candidate,
  type MatchBatch,
  type MatchInput,
  type MatchLine,
  type MatchReturn,
  type MatchTables,
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

export function decideMatches(input: MatchInput): LineDecision[] {
  const days = new DayNumbers();
  const batches = new BatchTableBuilder(days);
  for (const batch of input.batches) batches.add(batch);
  const decisions = decideTables({
    lines: LineTable.of(input.lines, days),
    batches: batches.build(),
    returns: input.returns,
    windowDays: input.windowDays,
    days,
  });
  return Array.from({ length: decisions.count }, (_, k) => decisions.decision(k));
}

/** decideMatches over the tables a matching run builds: each line's decision, made when asked for. */
export function decideTables(input: MatchTables): Decisions {
  const finder = new CandidateFinder(input);
  const decisions = new Decisions(input.lines, input.batches);
  finder.findAll(input.lines, decisions);
  settle(input.lines, decisions, finder);
  return decisions;
}

const OPEN = 0;
const MATCHED = 1;

/**
 * Every line's candidates and, once settled, its decision. Most lines of a year have one candidate,
 * one batch by amount: that is kept as two numbers (the batch's item and its gap), and its Candidate
 * made only when asked for (a year's 50,000 of them were ~20 MB of a run's heap). Any other line
 * keeps its list.
 */
export class Decisions implements FoundSink {
  /** The item of a line's only candidate when that is one batch by amount; -1: see `lists`. */
  private readonly one: Int32Array;
  private readonly oneGap: Int32Array;
  private readonly lists = new Map<number, Candidate[]>();
  private readonly stopped: Uint8Array;
  private readonly state: Uint8Array;

  constructor(
    private readonly lines: LineTable,
    private readonly batches: BatchTable,
  ) {
    this.one = new Int32Array(lines.count).fill(-1);
    this.oneGap = new Int32Array(lines.count);
    this.stopped = new Uint8Array(lines.count);
    this.state = new Uint8Array(lines.count);
  }

  get count(): number {
    return this.lines.count;
  }

  setOne(k: number, item: number, gap: number): void {
    this.one[k] = item;
    this.oneGap[k] = gap;
  }

  set(k: number, found: Found): void {
    const [only] = found.live;
    this.stopped[k] = found.stopped ? 1 : 0;
    if (found.live.length === 1 && (only!.how === 'exact' || only!.how === 'net') && only!.gapDays === only!.gapSum) {
      this.one[k] = only!.items[0]!;
      this.oneGap[k] = only!.gapDays;
      this.lists.delete(k);
    } else {
      this.one[k] = -1;
      if (found.live.length > 0) this.lists.set(k, found.live);
      else this.lists.delete(k);
    }
  }

  isOpen(k: number): boolean {
    return this.state[k] === OPEN;
  }

  isStopped(k: number): boolean {
    return this.stopped[k] === 1;
  }

  candidateCount(k: number): number {
    return this.one[k]! >= 0 ? 1 : (this.lists.get(k)?.length ?? 0);
  }

  /** The item of the line's only candidate when that is one batch by amount; else -1. */
  oneItem(k: number): number {
    return this.one[k]!;
  }

  /** The items of the line's first candidate (its only one, when it has one). */
  firstItems(k: number): readonly number[] {
    const one = this.one[k]!;
    return one >= 0 ? [one] : this.lists.get(k)![0]!.items;
  }

  /** Whether any of the line's candidates holds an item `taken` says yes to. */
  holdsAny(k: number, taken: (item: number) => boolean): boolean {
    const one = this.one[k]!;
    if (one >= 0) return taken(one);
    return (this.lists.get(k) ?? []).some((c) => c.items.some(taken));
  }

  /** Whether every candidate of the line is one batch by amount. */
  allSingles(k: number): boolean {
    if (this.one[k]! >= 0) return true;
    return (this.lists.get(k) ?? []).every((c) => c.how === 'exact' || c.how === 'net');
  }

  match(k: number): void {
    this.state[k] = MATCHED;
  }

  /** The line's candidates, best first (all of them: the decision keeps MAX_SUGGESTIONS). */
  candidates(k: number): Candidate[] {
    const one = this.one[k]!;
    if (one < 0) return this.lists.get(k) ?? [];
    const gap = this.oneGap[k]!;
    const how = this.lines.amount[k] === this.batches.total[one] ? 'exact' : 'net';
    return [{ how, batchIds: [this.batches.ids[one]!], transactionId: null, gapDays: gap, gapSum: gap, items: [one] }];
  }

  decision(k: number): LineDecision {
    const lineId = this.lines.id[k]!;
    const candidates = this.candidates(k);
    if (this.state[k] === MATCHED) return { lineId, outcome: 'matched', candidates, searchStopped: false };
    return {
      lineId,
      outcome: candidates.length === 0 ? 'unmatched' : 'suggested',
      candidates: candidates.slice(0, MAX_SUGGESTIONS),
      searchStopped: this.stopped[k] === 1,
    };
  }

  /** A line's outcome without making its candidates. */
  outcome(k: number): LineDecision['outcome'] {
    if (this.state[k] === MATCHED) return 'matched';
    return this.candidateCount(k) === 0 ? 'unmatched' : 'suggested';
  }

  lineId(k: number): number {
    return this.lines.id[k]!;
  }
}

/**
 * Lines with exactly one candidate take it, unless another line's only candidate needs the same
 * batch (two equal deposits and one batch: neither is guessed). Taking batches can leave other
 * lines with one candidate, so repeat until nothing more is taken; each round takes at least one.
 * A line whose search stopped may have candidates it did not see: it takes nothing.
 */
function settle(lines: LineTable, decisions: Decisions, finder: CandidateFinder): void {
  const onlyUses = new Int32Array(finder.itemCount);
  /** The round an item was taken in. */
  const takenIn = new Int32Array(finder.itemCount);
  let open = Int32Array.from({ length: lines.count }, (_, k) => k);
  const hasOnly = (k: number) => decisions.candidateCount(k) === 1 && !decisions.isStopped(k);
  for (let round = 1; ; round++) {
    onlyUses.fill(0);
    for (const k of open) {
      if (!hasOnly(k)) continue;
      const one = decisions.oneItem(k);
      if (one >= 0) onlyUses[one]! += 1;
      else for (const item of decisions.firstItems(k)) onlyUses[item]! += 1;
    }
    const free = (item: number) => onlyUses[item] === 1 && !finder.isClaimed(item);
    let took = false;
    for (const k of open) {
      if (!hasOnly(k)) continue;
      const one = decisions.oneItem(k);
      if (one >= 0 ? !free(one) : !decisions.firstItems(k).every(free)) continue;
      const items = decisions.firstItems(k);
      const rejected = lines.rejected.get(k);
      if (rejected?.has(candidateKey(decisions.candidates(k)[0]!))) continue;
      for (const item of items) {
        finder.claim(item);
        takenIn[item] = round;
      }
      decisions.match(k);
      took = true;
    }
    if (!took) return;
    open = open.filter((k) => decisions.isOpen(k));
    for (const k of open) {
      if (!decisions.holdsAny(k, (item) => takenIn[item] === round)) continue;
      // A line whose amount was one batch's is not looked for as a lump once that batch is taken:
      // another line of the same amount took it, and searching every school's combinations for
      // each such line is what made matching grow with the square of the district.
      decisions.set(k, finder.find(lines, k, !decisions.allSingles(k)));
    }
  }
}
