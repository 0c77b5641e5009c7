/**
 * A line's candidates among the batches (or returned transactions) no line has taken yet: one batch
 * by amount, a day's batches of one payee and family by what they add up to, a return by amount,
 * all from hash indexes built once; other lumps from the bounded search of matchingLumps.ts.
 * decideMatches (matching.ts) says which candidates become matches.
 */
import { businessDaysBetweenDays, calendarSpanBefore, dayNumber } from './businessDays';
import type { OpenBatchRow } from '../store/bankMatchReads';
import { LumpSearch, type LumpBatch } from './matchingLumps';

/** ACH returns come back within days, unauthorized ones up to 60 calendar days (~42 business days). */
export const RETURN_WINDOW_DAYS = 42;

export interface MatchLine {
  id: number;
  postedDate: string;
  amountCents: number;
  /** Candidate keys (see candidateKey) a person undid on this line: never matched again by the matcher. */
  rejected?: ReadonlySet<string>;
  /** The payee the bank's text names (its merchant id), if it names one: see LumpCredit. */
  payeeId?: number | null;
}

/** A batch no line has taken yet, as the store reads it for matching (handed over, not copied). */
export type MatchBatch = OpenBatchRow;

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
  /**
   * What it holds, as the matcher's own numbers (a batch's place among the batches, a return's
   * after them), computed once: what decideMatches counts and claims.
   */
  items: number[];
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

interface IndexedReturn {
  id: number;
  day: number;
  item: number;
}

export interface Found {
  live: Candidate[];
  /** The lump search hit its bound: there may be candidates it did not see. */
  stopped: boolean;
}

export class CandidateFinder {
  /** Batches, then returns: an item (see Candidate.items) is an index into this. */
  readonly itemCount: number;
  private readonly claimed: Uint8Array;
  private readonly batches: LumpBatch[];
  /**
   * Every batch's total, and its partial when that differs, ascending, ties in date order: `byAmount`
   * the amounts, `amountItems` whose they are. Two typed arrays rather than a map of 120,000 small
   * lists for a year of a large district.
   */
  private readonly byAmount: Float64Array;
  private readonly amountItems: Int32Array;
  private readonly returnsByAmount = new Map<number, IndexedReturn[]>();
  /** A day's batches of one payee and family (their items), by what they add up to (totals, and partials). */
  private readonly dayLumpsByAmount = new Map<number, number[][]>();
  private readonly lumpSearch: LumpSearch;
  private readonly windowDays: number;
  private readonly days = new Map<string, number>();

  constructor(input: MatchInput) {
    this.windowDays = input.windowDays;
    this.batches = this.indexBatches(input.batches);
    this.itemCount = this.batches.length + input.returns.length;
    this.claimed = new Uint8Array(this.itemCount);
    [this.byAmount, this.amountItems] = amountIndex(this.batches);
    this.indexDayLumps();
    input.returns.forEach((r, i) => {
      addTo(this.returnsByAmount, r.amountCents, { id: r.id, day: this.day(r.date), item: this.batches.length + i });
    });
    this.lumpSearch = new LumpSearch(this.batches, this.windowDays, input.lines.length);
  }

  isClaimed(item: number): boolean {
    return this.claimed[item] === 1;
  }

  claim(item: number): void {
    this.claimed[item] = 1;
    if (item < this.batches.length) this.lumpSearch.claim(item);
  }

  /** `lumps`: whether to look for lumps when no single batch fits. */
  find(line: MatchLine, lumps: boolean): Found {
    const posted = this.day(line.postedDate);
    const known = this.withoutSearch(line, posted, lumps);
    if (known) return known;
    const [search] = this.lumpSearch.findFor([{ amount: line.amountCents, payee: line.payeeId ?? null }], posted);
    return { live: sortCandidates([...search!.candidates]), stopped: search!.stopped };
  }

  /** Every line's candidates, as `find` would give them: the lump searches a posting day at a time. */
  findAll(lines: readonly MatchLine[]): Found[] {
    const all: Found[] = [];
    const searchOn = new Map<number, number[]>();
    lines.forEach((line, k) => {
      const posted = this.day(line.postedDate);
      const known = this.withoutSearch(line, posted, true);
      if (known) all[k] = known;
      else addTo(searchOn, posted, k);
    });
    // In date order: the lump search builds a posting day's window once and keeps only a few.
    for (const [posted, ks] of [...searchOn].sort((a, b) => a[0] - b[0])) {
      const lumps = this.lumpSearch.findFor(
        ks.map((k) => ({ amount: lines[k]!.amountCents, payee: lines[k]!.payeeId ?? null })),
        posted,
      );
      ks.forEach((k, j) => {
        const search = lumps[j]!;
        all[k] = { live: sortCandidates([...search.candidates]), stopped: search.stopped };
      });
    }
    return all;
  }

  /** The candidates found without the lump search, or null when it is needed. */
  private withoutSearch(line: MatchLine, posted: number, lumps: boolean): Found | null {
    if (line.amountCents < 0) return found(this.returns(-line.amountCents, posted));
    if (line.amountCents === 0) return found([]);
    const singles = this.singles(line.amountCents, posted);
    if (singles.length) return found(sortCandidates(singles));
    if (!lumps) return found([]);
    // What processors lump is a day's batches of a school: an index finds those at once. Only a
    // credit that is no such day needs the bounded search over the window's combinations.
    const dayLumps = this.dayLumps(line.amountCents, posted);
    if (dayLumps.length) return found(sortCandidates(dayLumps));
    return null;
  }

  /** Date order (then id), numbered by payee and family; the store already reads them in that order. */
  private indexBatches(input: readonly MatchBatch[]): LumpBatch[] {
    /** Payee to its groups' numbers by family (card, ACH, cash): no key string per batch. */
    const groups = new Map<number, Partial<Record<ReturnType<typeof methodFamily>, number>>>();
    let groupCount = 0;
    const batches: LumpBatch[] = [];
    let sorted = true;
    for (const b of input) {
      const family = methodFamily(b.paymentMethod);
      let families = groups.get(b.payeeId);
      if (families === undefined) groups.set(b.payeeId, (families = {}));
      const group = (families[family] ??= groupCount++);
      const batch = {
        id: b.id,
        day: this.day(b.date),
        group,
        payee: b.payeeId,
        totalCents: b.totalCents,
        partialCents: b.partialCents,
      };
      const last = batches[batches.length - 1];
      if (last && (last.day > batch.day || (last.day === batch.day && last.id > batch.id))) sorted = false;
      batches.push(batch);
    }
    return sorted ? batches : batches.sort((a, b) => a.day - b.day || (a.id < b.id ? -1 : 1));
  }

  /** Day numbers by date: a year of statements holds a few hundred dates. */
  private day(date: string): number {
    let day = this.days.get(date);
    if (day === undefined) this.days.set(date, (day = dayNumber(date)));
    return day;
  }

  private indexDayLumps(): void {
    // Batches are in date order: each day's run is split by payee and family.
    let start = 0;
    while (start < this.batches.length) {
      const day = this.batches[start]!.day;
      const byGroup = new Map<number, number[]>();
      let end = start;
      for (; end < this.batches.length && this.batches[end]!.day === day; end++)
        addTo(byGroup, this.batches[end]!.group, end);
      for (const lump of byGroup.values()) {
        if (lump.length < 2) continue;
        let totals = 0;
        let partials = 0;
        for (const i of lump) {
          totals += this.batches[i]!.totalCents;
          partials += this.batches[i]!.partialCents;
        }
        addTo(this.dayLumpsByAmount, totals, lump);
        if (partials !== totals) addTo(this.dayLumpsByAmount, partials, lump);
      }
      start = end;
    }
  }

  private dayLumps(amount: number, posted: number): Candidate[] {
    const found: Candidate[] = [];
    for (const lump of this.dayLumpsByAmount.get(amount) ?? []) {
      const gap = this.gap(this.batches[lump[0]!]!.day, posted, this.windowDays);
      if (gap === null || lump.some((i) => this.claimed[i] === 1)) continue;
      found.push({
        how: 'lumped',
        batchIds: lump.map((i) => this.batches[i]!.id).sort(),
        transactionId: null,
        gapDays: gap,
        gapSum: gap * lump.length,
        items: lump,
      });
    }
    return found;
  }

  private gap(day: number, posted: number, window: number): number | null {
    if (day > posted) return null;
    const gap = businessDaysBetweenDays(day, posted);
    return gap <= window ? gap : null;
  }

  private singles(amount: number, posted: number): Candidate[] {
    const found: Candidate[] = [];
    const amounts = this.byAmount;
    // The amount's run, and in it (date order) the window's first day: a common amount, $25.00, recurs all year.
    const first = calendarSpanBefore(posted, this.windowDays);
    let lo = 0;
    let hi = amounts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = amounts[mid]!;
      if (at < amount || (at === amount && this.batches[this.amountItems[mid]!]!.day < first)) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < amounts.length && amounts[k] === amount; k++) {
      const i = this.amountItems[k]!;
      const batch = this.batches[i]!;
      if (batch.day > posted) break;
      const gap = businessDaysBetweenDays(batch.day, posted);
      if (gap > this.windowDays || this.claimed[i] === 1) continue;
      const how = batch.totalCents === amount ? 'exact' : 'net';
      found.push({ how, batchIds: [batch.id], transactionId: null, gapDays: gap, gapSum: gap, items: [i] });
    }
    return found;
  }

  private returns(amount: number, posted: number): Candidate[] {
    const found: Candidate[] = [];
    for (const r of this.returnsByAmount.get(amount) ?? []) {
      const gap = this.gap(r.day, posted, RETURN_WINDOW_DAYS);
      if (gap === null || this.claimed[r.item] === 1) continue;
      found.push({ how: 'return', batchIds: [], transactionId: r.id, gapDays: gap, gapSum: gap, items: [r.item] });
    }
    return sortCandidates(found);
  }
}

/** The batches' positive totals and differing partials, ascending, ties in date order, with whose they are. */
function amountIndex(batches: readonly LumpBatch[]): [Float64Array, Int32Array] {
  let count = 0;
  for (const b of batches)
    count += Number(b.totalCents > 0) + Number(b.partialCents > 0 && b.partialCents !== b.totalCents);
  const amounts = new Float64Array(count);
  const items = new Int32Array(count);
  let k = 0;
  const add = (amount: number, i: number) => {
    amounts[k] = amount;
    items[k++] = i;
  };
  batches.forEach((b, i) => {
    if (b.totalCents > 0) add(b.totalCents, i);
    if (b.partialCents > 0 && b.partialCents !== b.totalCents) add(b.partialCents, i);
  });
  const order = new Int32Array(count);
  for (let j = 0; j < count; j++) order[j] = j;
  order.sort((x, y) => amounts[x]! - amounts[y]! || items[x]! - items[y]!);
  const sortedAmounts = new Float64Array(count);
  const sortedItems = new Int32Array(count);
  for (let j = 0; j < count; j++) {
    sortedAmounts[j] = amounts[order[j]!]!;
    sortedItems[j] = items[order[j]!]!;
  }
  return [sortedAmounts, sortedItems];
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function found(live: Candidate[]): Found {
  return { live, stopped: false };
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
