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
 * The search is bounded: per line, at most MAX_GROUP_BATCHES batches of each payee and family (the
 * most recent in the window), lumps of at most MAX_LUMP_SIZE, and at most MAX_LUMPS lumps kept. So a
 * group costs at most sum_{k=2..6} C(16, k) = 14,876 subsets per basis, and in practice far fewer
 * (the walk stops at sums past the amount).
 */
import { businessDaysBetweenDays, calendarSpanBefore, dayNumber } from './businessDays';

export const MAX_LUMP_SIZE = 6;
export const MAX_GROUP_BATCHES = 16;
export const MAX_LUMPS = 12;
/** Suggestions kept per line. */
export const MAX_SUGGESTIONS = 10;
/** ACH returns come back within days, unauthorized ones up to 60 calendar days (~42 business days). */
export const RETURN_WINDOW_DAYS = 42;

export interface MatchLine {
  id: number;
  postedDate: string;
  amountCents: number;
  /** Candidate keys (see candidateKey) a person undid on this line: never matched again by the matcher. */
  rejected?: ReadonlySet<string>;
}

export interface MatchBatch {
  id: string;
  payeeId: number;
  paymentMethod: string;
  date: string;
  totalCents: number;
  partialCents: number;
}

export interface MatchReturn {
  id: number;
  date: string;
  amountCents: number;
}

export interface Candidate {
  how: 'exact' | 'net' | 'lumped' | 'return';
  batchIds: string[];
  transactionId: number | null;
  /** Business days from the oldest batch (or the returned transaction) to the posting. */
  gapDays: number;
  /** Sum of every batch's gap: breaks ties between lumps. */
  gapSum: number;
  /** What it holds, as keys ("b:<batch id>", "t:<transaction id>"), computed once. */
  items: string[];
}

export interface LineDecision {
  lineId: number;
  outcome: 'matched' | 'suggested' | 'unmatched';
  /** Best first: closest date, then fewest batches. The first is the match when matched. */
  candidates: Candidate[];
}

export interface MatchInput {
  lines: readonly MatchLine[];
  batches: readonly MatchBatch[];
  returns: readonly MatchReturn[];
  windowDays: number;
}

/** Card, ACH, or cash and checks: a processor lumps deposits of one family, never across them. */
export function methodFamily(method: string): 'card' | 'ach' | 'cash' {
  if (method === 'CC') return 'card';
  if (method === 'ACH') return 'ach';
  return 'cash';
}

/** What a candidate holds: its batches (sorted) or its returned transaction. */
export function candidateKey(c: { batchIds: readonly string[]; transactionId: number | null }): string {
  return c.transactionId !== null ? `t:${c.transactionId}` : `b:${JSON.stringify([...c.batchIds].sort())}`;
}

interface Indexed extends MatchBatch {
  day: number;
  key: string;
}

export function decideMatches(input: MatchInput): LineDecision[] {
  const finder = new CandidateFinder(input);
  const claimed = new Set<string>();
  const open = new Map<number, { line: MatchLine; live: Candidate[] }>();
  for (const line of input.lines) open.set(line.id, { line, live: finder.find(line, claimed) });
  const decided = new Map<number, LineDecision>();

  // Lines with exactly one candidate take it, unless another line's only candidate needs the same
  // batch (two equal deposits and one batch: neither is guessed). Taking batches can leave other
  // lines with one candidate, so repeat until nothing more is taken; each round takes at least one.
  for (;;) {
    const onlyUses = new Map<string, number>();
    for (const { live } of open.values()) {
      if (live.length === 1) for (const item of live[0]!.items) onlyUses.set(item, (onlyUses.get(item) ?? 0) + 1);
    }
    const taken: string[] = [];
    for (const [lineId, { line, live }] of open) {
      if (live.length !== 1) continue;
      const only = live[0]!;
      const items = only.items;
      if (line.rejected?.has(candidateKey(only))) continue;
      if (items.some((item) => onlyUses.get(item) !== 1 || claimed.has(item))) continue;
      for (const item of items) claimed.add(item);
      taken.push(...items);
      decided.set(lineId, { lineId, outcome: 'matched', candidates: [only] });
      open.delete(lineId);
    }
    if (taken.length === 0) break;
    const takenNow = new Set(taken);
    for (const entry of open.values()) {
      if (entry.live.some((c) => c.items.some((item) => takenNow.has(item)))) {
        // A line whose amount was one batch's is not looked for as a lump once that batch is taken:
        // another line of the same amount took it, and searching every school's combinations for
        // each such line is what made matching grow with the square of the district.
        const wasSingle = entry.live.every((c) => c.how === 'exact' || c.how === 'net');
        entry.live = finder.find(entry.line, claimed, { lumps: !wasSingle });
      }
    }
  }
  for (const [lineId, { live }] of open) {
    decided.set(lineId, {
      lineId,
      outcome: live.length === 0 ? 'unmatched' : 'suggested',
      candidates: live.slice(0, MAX_SUGGESTIONS),
    });
  }
  return input.lines.map((line) => decided.get(line.id)!);
}

/** Finds a line's candidates among the batches (or returns) no line has taken yet. */
class CandidateFinder {
  private readonly batches: Indexed[];
  private readonly byAmount = new Map<number, Indexed[]>();
  private readonly returnsByAmount = new Map<number, (MatchReturn & { day: number; key: string })[]>();
  /** A day's batches of one payee and family, by what they add up to (totals, and partials). */
  private readonly dayLumpsByAmount = new Map<number, Indexed[][]>();
  private readonly windowDays: number;

  constructor(input: MatchInput) {
    this.windowDays = input.windowDays;
    this.batches = input.batches
      .map((b) => ({ ...b, day: dayNumber(b.date), key: `b:${b.id}` }))
      .sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : 1));
    for (const batch of this.batches) {
      for (const amount of new Set([batch.totalCents, batch.partialCents])) {
        if (amount <= 0) continue;
        const list = this.byAmount.get(amount) ?? [];
        list.push(batch);
        this.byAmount.set(amount, list);
      }
    }
    this.indexDayLumps();
    for (const r of input.returns) {
      const list = this.returnsByAmount.get(r.amountCents) ?? [];
      list.push({ ...r, day: dayNumber(r.date), key: `t:${r.id}` });
      this.returnsByAmount.set(r.amountCents, list);
    }
  }

  find(line: MatchLine, claimed: ReadonlySet<string>, options: { lumps: boolean } = { lumps: true }): Candidate[] {
    const posted = dayNumber(line.postedDate);
    if (line.amountCents < 0) return this.returns(-line.amountCents, posted, claimed);
    if (line.amountCents === 0) return [];
    const singles = this.singles(line.amountCents, posted, claimed);
    if (singles.length) return sortCandidates(singles);
    // What processors lump is a day's batches of a school: an index finds those at once. Only a
    // credit that is no such day needs the bounded search over the window's combinations.
    if (!options.lumps) return [];
    const dayLumps = this.dayLumps(line.amountCents, posted, claimed);
    return sortCandidates(dayLumps.length ? dayLumps : this.lumps(line.amountCents, posted, claimed));
  }

  private indexDayLumps(): void {
    const days = new Map<string, Indexed[]>();
    for (const batch of this.batches) {
      const key = `${batch.payeeId}|${methodFamily(batch.paymentMethod)}|${batch.day}`;
      const day = days.get(key) ?? [];
      day.push(batch);
      days.set(key, day);
    }
    for (const day of days.values()) {
      if (day.length < 2) continue;
      const totals = day.reduce((sum, b) => sum + b.totalCents, 0);
      const partials = day.reduce((sum, b) => sum + b.partialCents, 0);
      for (const amount of new Set([totals, partials])) {
        const list = this.dayLumpsByAmount.get(amount) ?? [];
        list.push(day);
        this.dayLumpsByAmount.set(amount, list);
      }
    }
  }

  private dayLumps(amount: number, posted: number, claimed: ReadonlySet<string>): Candidate[] {
    const found: Candidate[] = [];
    for (const day of this.dayLumpsByAmount.get(amount) ?? []) {
      const gap = this.gap(day[0]!.day, posted, this.windowDays);
      if (gap === null || day.some((b) => claimed.has(b.key))) continue;
      found.push({
        how: 'lumped',
        batchIds: day.map((b) => b.id).sort(),
        transactionId: null,
        gapDays: gap,
        gapSum: gap * day.length,
        items: day.map((b) => b.key),
      });
    }
    return found;
  }

  private gap(day: number, posted: number, window: number): number | null {
    if (day > posted) return null;
    const gap = businessDaysBetweenDays(day, posted);
    return gap <= window ? gap : null;
  }

  private singles(amount: number, posted: number, claimed: ReadonlySet<string>): Candidate[] {
    const found: Candidate[] = [];
    const list = this.byAmount.get(amount);
    if (!list) return found;
    // Each list is in date order: start at the window's first day (a common amount, $25.00, recurs all year).
    for (let i = lowerBound(list, calendarSpanBefore(posted, this.windowDays)); i < list.length; i++) {
      const batch = list[i]!;
      if (batch.day > posted) break;
      const gap = businessDaysBetweenDays(batch.day, posted);
      if (gap > this.windowDays || claimed.has(batch.key)) continue;
      const how = batch.totalCents === amount ? 'exact' : 'net';
      found.push({ how, batchIds: [batch.id], transactionId: null, gapDays: gap, gapSum: gap, items: [batch.key] });
    }
    return found;
  }

  private returns(amount: number, posted: number, claimed: ReadonlySet<string>): Candidate[] {
    const found: Candidate[] = [];
    for (const r of this.returnsByAmount.get(amount) ?? []) {
      const gap = this.gap(r.day, posted, RETURN_WINDOW_DAYS);
      if (gap === null || claimed.has(r.key)) continue;
      found.push({ how: 'return', batchIds: [], transactionId: r.id, gapDays: gap, gapSum: gap, items: [r.key] });
    }
    return sortCandidates(found);
  }

  private lumps(amount: number, posted: number, claimed: ReadonlySet<string>): Candidate[] {
    const groups = new Map<string, { batch: Indexed; gap: number }[]>();
    for (const batch of this.inWindow(posted)) {
      if (claimed.has(batch.key)) continue;
      const gap = this.gap(batch.day, posted, this.windowDays);
      if (gap === null) continue;
      const key = `${batch.payeeId}|${methodFamily(batch.paymentMethod)}`;
      const group = groups.get(key) ?? [];
      group.push({ batch, gap });
      groups.set(key, group);
    }
    const found: Candidate[] = [];
    const seen = new Set<string>();
    for (const group of groups.values()) {
      if (group.length < 2) continue;
      // The most recent first: those are the likeliest to be in a deposit posted on this day.
      const members = group.sort((a, b) => a.gap - b.gap).slice(0, MAX_GROUP_BATCHES);
      const bases: ('totalCents' | 'partialCents')[] = members.some((m) => m.batch.partialCents !== m.batch.totalCents)
        ? ['totalCents', 'partialCents']
        : ['totalCents'];
      for (const basis of bases) {
        for (const subset of subsetsSumming(
          members.map((m) => m.batch[basis]),
          amount,
          MAX_LUMPS - found.length,
        )) {
          const chosen = subset.map((i) => members[i]!);
          const key = chosen
            .map((m) => m.batch.id)
            .sort()
            .join('\n');
          if (seen.has(key)) continue;
          seen.add(key);
          found.push({
            how: 'lumped',
            batchIds: chosen.map((m) => m.batch.id).sort(),
            transactionId: null,
            gapDays: Math.max(...chosen.map((m) => m.gap)),
            gapSum: chosen.reduce((sum, m) => sum + m.gap, 0),
            items: chosen.map((m) => m.batch.key),
          });
        }
        if (found.length >= MAX_LUMPS) return found;
      }
    }
    return found;
  }

  /** Batches dated within the window's calendar span before `posted`. */
  private *inWindow(posted: number): Generator<Indexed> {
    const batches = this.batches;
    for (let i = lowerBound(batches, calendarSpanBefore(posted, this.windowDays)); i < batches.length; i++) {
      if (batches[i]!.day > posted) return;
      yield batches[i]!;
    }
  }
}

/** The first index whose day is on or after `day`, in a list sorted by day. */
function lowerBound(list: readonly { day: number }[], day: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Closest date first, then fewest batches, then the smaller total gap, then by id (a stable order). */
function sortCandidates(candidates: Candidate[]): Candidate[] {
  if (candidates.length < 2) return candidates;
  return candidates.sort(
    (a, b) =>
      a.gapDays - b.gapDays ||
      a.batchIds.length - b.batchIds.length ||
      a.gapSum - b.gapSum ||
      candidateKey(a).localeCompare(candidateKey(b)),
  );
}

/**
 * Index sets of 2..MAX_LUMP_SIZE positive amounts adding up to `target`, at most `limit` of them.
 * Depth-first over the amounts largest first, cutting a branch once what is left cannot reach.
 */
export function subsetsSumming(amounts: readonly number[], target: number, limit: number): number[][] {
  const order = amounts
    .map((amount, index) => ({ amount, index }))
    .filter((a) => a.amount > 0)
    .sort((a, b) => b.amount - a.amount);
  const suffix: number[] = new Array<number>(order.length + 1).fill(0);
  for (let i = order.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + order[i]!.amount;
  const found: number[][] = [];
  const chosen: number[] = [];
  const walk = (start: number, left: number): void => {
    if (left === 0) {
      if (chosen.length >= 2) found.push(chosen.map((i) => order[i]!.index));
      return;
    }
    if (chosen.length === MAX_LUMP_SIZE) return;
    for (let i = start; i < order.length && found.length < limit; i++) {
      if (suffix[i]! < left) return;
      if (order[i]!.amount > left) continue;
      chosen.push(i);
      walk(i + 1, left - order[i]!.amount);
      chosen.pop();
    }
  };
  if (limit > 0) walk(0, target);
  return found;
}
