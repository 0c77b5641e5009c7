/**
 * A line's candidates among the batches (or returned transactions) no line has taken yet: one batch
 * by amount, a day's batches of one payee and family by what they add up to, a return by amount,
 * all from hash indexes built once; other lumps from the bounded search of matchingLumps.ts.
 * decideMatches (matching.ts) says which candidates become matches.
 */
import { businessDaysBetweenDays, calendarSpanBefore } from './businessDays';
import type { BatchTable, Candidate, DayNumbers, LineTable, MatchBatch, MatchLine } from './matchingColumns';

export type { Candidate } from './matchingColumns';
import { LumpSearch } from './matchingLumps';

export { methodFamily, type MatchBatch, type MatchLine } from './matchingColumns';

/** ACH returns come back within days, unauthorized ones up to 60 calendar days (~42 business days). */
export const RETURN_WINDOW_DAYS = 42;

export interface MatchReturn {
  id: number;
  date: string;
  amountCents: number;
}

export interface MatchInput {
  lines: readonly MatchLine[];
  batches: readonly MatchBatch[];
  returns: readonly MatchReturn[];
  windowDays: number;
}

/** What a matching run hands over: its lines and batches column by column (matchingColumns.ts). */
export interface MatchTables {
  lines: LineTable;
  batches: BatchTable;
  returns: readonly MatchReturn[];
  windowDays: number;
  /** The day numbers the tables were built with. */
  days: DayNumbers;
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
  /**
   * The line may not be matched, only suggested: the lump search hit its bound (there may be
   * candidates it did not see), or what it found spans several business days (issue 25: batches of
   * different days that happen to add up are a coincidence as often as a deposit).
   */
  stopped: boolean;
}

/** What findAll hands each line's candidates to. */
export interface FoundSink {
  set(k: number, found: Found): void;
  /** The line's only candidate is one batch by amount: its item and gap, no Candidate made. */
  setOne(k: number, item: number, gap: number): void;
}

/** onlySingle's answers other than an item. */
const NO_SINGLE = -1;
const SEVERAL_SINGLES = -2;

export class CandidateFinder {
  /** Batches, then returns: an item (see Candidate.items) is an index into this. */
  readonly itemCount: number;
  private readonly claimed: Uint8Array;
  private readonly batches: BatchTable;
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

  constructor(input: MatchTables) {
    this.windowDays = input.windowDays;
    this.batches = input.batches;
    const count = this.batches.count;
    this.itemCount = count + input.returns.length;
    this.claimed = new Uint8Array(this.itemCount);
    [this.byAmount, this.amountItems] = amountIndex(this.batches);
    this.indexDayLumps();
    input.returns.forEach((r, i) => {
      addTo(this.returnsByAmount, r.amountCents, { id: r.id, day: input.days.of(r.date), item: count + i });
    });
    this.lumpSearch = new LumpSearch(this.batches, this.windowDays, input.lines.count);
  }

  isClaimed(item: number): boolean {
    return this.claimed[item] === 1;
  }

  claim(item: number): void {
    this.claimed[item] = 1;
    if (item < this.batches.count) this.lumpSearch.claim(item);
  }

  /** Line `k`'s candidates; `lumps`: whether to look for lumps when no single batch fits. */
  find(lines: LineTable, k: number, lumps: boolean): Found {
    const posted = lines.day[k]!;
    const known = this.withoutSearch(lines.amount[k]!, posted, lumps, lines.payeeOf(k));
    if (known) return known;
    const [search] = this.lumpSearch.findFor([{ amount: lines.amount[k]!, payee: lines.payeeOf(k) }], posted);
    return this.searched(search!);
  }

  /**
   * Every line's candidates, as `find` would give them, handed to `sink` line by line (what it keeps
   * of them is its own): the lump searches a posting day at a time.
   */
  findAll(lines: LineTable, sink: FoundSink): void {
    const searchOn = new Map<number, number[]>();
    for (let k = 0; k < lines.count; k++) {
      const posted = lines.day[k]!;
      const amount = lines.amount[k]!;
      const one = amount > 0 ? this.onlySingle(amount, posted) : NO_SINGLE;
      if (one >= 0) {
        sink.setOne(k, one, this.onlyGap);
        continue;
      }
      const known = this.withoutSearch(amount, posted, true, lines.payeeOf(k));
      if (known) sink.set(k, known);
      else addTo(searchOn, posted, k);
    }
    // In date order: the lump search builds a posting day's window once and keeps only a few.
    for (const [posted, ks] of [...searchOn].sort((a, b) => a[0] - b[0])) {
      const lumps = this.lumpSearch.findFor(
        ks.map((k) => ({ amount: lines.amount[k]!, payee: lines.payeeOf(k) })),
        posted,
      );
      ks.forEach((k, j) => {
        sink.set(k, this.searched(lumps[j]!));
      });
    }
  }

  /**
   * What the bounded search found, one-day lumps first: a lump over several business days is never
   * preferred to one of a single day, and never matched on its own (at most suggested).
   */
  private searched(search: { candidates: readonly Candidate[]; stopped: boolean }): Found {
    const oneDay: Candidate[] = [];
    const severalDays: Candidate[] = [];
    for (const candidate of search.candidates) (this.spansDays(candidate) ? severalDays : oneDay).push(candidate);
    return {
      live: [...sortCandidates(oneDay), ...sortCandidates(severalDays)],
      stopped: search.stopped || severalDays.length > 0,
    };
  }

  private spansDays(candidate: Candidate): boolean {
    const first = this.batches.day[candidate.items[0]!]!;
    return candidate.items.some((item) => this.batches.day[item] !== first);
  }

  /** The candidates found without the lump search, or null when it is needed. */
  private withoutSearch(amount: number, posted: number, lumps: boolean, namedPayee: number | null): Found | null {
    if (amount < 0) return found(this.returns(-amount, posted));
    if (amount === 0) return found([]);
    const singles = this.singles(amount, posted);
    if (singles.length) return found(sortCandidates(singles));
    if (!lumps) return found([]);
    // What processors lump is a day's batches of a school: an index finds those at once. Only a
    // credit that is no such day needs the bounded search over the window's combinations.
    // A line that names its payee takes that payee's day, as the search would; others' only when it has none.
    const dayLumps = this.dayLumps(amount, posted);
    const named = namedPayee === null ? [] : dayLumps.filter((c) => this.batches.payee[c.items[0]!] === namedPayee);
    if (named.length) return found(sortCandidates(named));
    if (dayLumps.length) return found(sortCandidates(dayLumps));
    return null;
  }

  /**
   * A day's batches of one payee and family, and (issue 25) all of a payee's batches of the day
   * whatever their methods: food-service processors pay a school's day (card, ACH, and the cash and
   * checks recorded that day) as one deposit.
   */
  private indexDayLumps(): void {
    // Batches are in date order: each day's run is split by payee and family, and by payee.
    const { day, group, payee, total, partial, count } = this.batches;
    const add = (lump: number[]) => {
      let totals = 0;
      let partials = 0;
      for (const i of lump) {
        totals += total[i]!;
        partials += partial[i]!;
      }
      addTo(this.dayLumpsByAmount, totals, lump);
      if (partials !== totals) addTo(this.dayLumpsByAmount, partials, lump);
    };
    let start = 0;
    while (start < count) {
      const today = day[start]!;
      const byGroup = new Map<number, number[]>();
      let end = start;
      for (; end < count && day[end] === today; end++) addTo(byGroup, group[end]!, end);
      const byPayee = new Map<number, number[][]>();
      for (const lump of byGroup.values()) {
        if (lump.length >= 2) add(lump);
        const of = payee[lump[0]!]!;
        if (!Number.isNaN(of)) addTo(byPayee, of, lump);
      }
      for (const families of byPayee.values()) {
        // One family's day is already there; only a day of several families is a new lump.
        if (families.length >= 2) add(families.flat().sort((a, b) => a - b));
      }
      start = end;
    }
  }

  private dayLumps(amount: number, posted: number): Candidate[] {
    const found: Candidate[] = [];
    for (const lump of this.dayLumpsByAmount.get(amount) ?? []) {
      const gap = this.gap(this.batches.day[lump[0]!]!, posted, this.windowDays);
      if (gap === null || lump.some((i) => this.claimed[i] === 1)) continue;
      found.push({
        how: 'lumped',
        batchIds: lump.map((i) => this.batches.ids[i]!).sort(),
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

  /** The gap of the item onlySingle found. */
  private onlyGap = 0;

  /**
   * The one batch by amount a credit could be (its item; its gap in `onlyGap`), NO_SINGLE when none
   * is, SEVERAL_SINGLES when more are: most lines of a year are one batch, and need no Candidate.
   */
  private onlySingle(amount: number, posted: number): number {
    let only = NO_SINGLE;
    for (let k = this.amountRun(amount, posted); k < this.byAmount.length && this.byAmount[k] === amount; k++) {
      const i = this.amountItems[k]!;
      const day = this.batches.day[i]!;
      if (day > posted) break;
      const gap = businessDaysBetweenDays(day, posted);
      if (gap > this.windowDays || this.claimed[i] === 1) continue;
      if (only !== NO_SINGLE) return SEVERAL_SINGLES;
      only = i;
      this.onlyGap = gap;
    }
    return only;
  }

  /** Where the amount's run starts in `byAmount`, from the window's first day (a common amount, $25.00, recurs all year). */
  private amountRun(amount: number, posted: number): number {
    const amounts = this.byAmount;
    const first = calendarSpanBefore(posted, this.windowDays);
    let lo = 0;
    let hi = amounts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const at = amounts[mid]!;
      if (at < amount || (at === amount && this.batches.day[this.amountItems[mid]!]! < first)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private singles(amount: number, posted: number): Candidate[] {
    const found: Candidate[] = [];
    const amounts = this.byAmount;
    for (let k = this.amountRun(amount, posted); k < amounts.length && amounts[k] === amount; k++) {
      const i = this.amountItems[k]!;
      const day = this.batches.day[i]!;
      if (day > posted) break;
      const gap = businessDaysBetweenDays(day, posted);
      if (gap > this.windowDays || this.claimed[i] === 1) continue;
      const how = this.batches.total[i] === amount ? 'exact' : 'net';
      found.push({ how, batchIds: [this.batches.ids[i]!], transactionId: null, gapDays: gap, gapSum: gap, items: [i] });
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
function amountIndex(batches: BatchTable): [Float64Array, Int32Array] {
  const { total, partial } = batches;
  let count = 0;
  for (let i = 0; i < batches.count; i++)
    count += Number(total[i]! > 0) + Number(partial[i]! > 0 && partial[i] !== total[i]);
  const amounts = new Float64Array(count);
  const items = new Int32Array(count);
  let k = 0;
  const add = (amount: number, i: number) => {
    amounts[k] = amount;
    items[k++] = i;
  };
  for (let i = 0; i < batches.count; i++) {
    if (total[i]! > 0) add(total[i]!, i);
    if (partial[i]! > 0 && partial[i] !== total[i]) add(partial[i]!, i);
  }
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
