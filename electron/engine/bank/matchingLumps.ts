/**
 * The bounded search for lumped deposits (DESIGN.md §10): which 2 to MAX_LUMP_SIZE batches of one
 * payee and method family, all dated in a credit's window, add up to it (all totals or all partials).
 * Pure, like matching.ts; asked only for credits that are neither one batch nor a day-lump.
 *
 * The candidates are exactly those of a plain search, one credit at a time (matchingLumps.test.ts
 * checks them against brute force): per credit and group, the MAX_GROUP_BATCHES most recent open
 * batches, lumps of at most MAX_LUMP_SIZE, at most MAX_LUMPS kept. Every credit must look in every
 * school's groups (a lump may be in any of them), so the plain search cost lump credits x schools x
 * a walk, and re-read and re-grouped the window for each credit (16 s for the bench's 50,000 lines
 * against 60,000 batches). Here a posting day's window is grouped and sorted by amount once, and one
 * walk of each group serves all the day's credits: a branch carries the amounts it can still reach
 * and ends when none is left, so branches the credits share are walked once (~4.8 million steps for
 * that year, 1,100 a lump credit; ~12.5 million for twice the schools).
 *
 * The bound: a walk spends a step per group visited and per branch taken. A day's search may spend
 * LINE_SEARCH_STEPS per credit in it, and a run SEARCH_STEPS_PER_LINE per line of the run (at least
 * MIN_SEARCH_STEPS), 4-5x what the bench's years need. A credit whose search ran out says so
 * (`stopped`): what it found is at most a suggestion, never a match (matching.ts).
 *
 * A credit whose line names its payee (LumpCredit) walks only that payee's groups (three at most:
 * card, ACH, cash and checks) unless they hold no lump of its amount, so its search no longer grows
 * with the number of schools: 50,083 lines against 60,000 batches ~1.0 s -> ~0.45 s of matching, the
 * same decisions.
 */
import { businessDaysBetweenDays, calendarSpanBefore } from './businessDays';
import { BatchTable, type Candidate, type LumpBatch } from './matchingColumns';
import { basisOf, SubsetWalk, type Basis, type Budget } from './subsetWalk';

export { MAX_LUMP_SIZE, subsetsSumming } from './subsetWalk';
export type { LumpBatch } from './matchingColumns';

/** Per group, the most recent open batches searched: sum_{k=2..6} C(16, k) = 14,876 subsets at most. */
export const MAX_GROUP_BATCHES = 16;
export const MAX_LUMPS = 12;
export const LINE_SEARCH_STEPS = 250_000;
export const SEARCH_STEPS_PER_LINE = 500;
export const MIN_SEARCH_STEPS = 1_000_000;

/**
 * Posting days whose windows are kept. A day's credits are searched together, in date order, so
 * a window is mostly used once; kept longer, it outlives the young generation and is collected late
 * (8 kept: ~8 MB more at the peak of matching the bench's year).
 */
const WINDOWS_KEPT = 2;

/**
 * A credit to find lumps for, and the payee its bank line names (null: none, or not one). A named
 * credit is looked for among that payee's groups only, and among all only when they have no lump:
 * a processor lumps one merchant's deposits, and a year of a large district has hundreds of
 * schools' groups that every unnamed credit's search must walk (what made matching grow faster
 * than the district).
 */
export interface LumpCredit {
  amount: number;
  payee: number | null;
}

export interface LumpResult {
  candidates: Candidate[];
  /** The step budget ran out before the search was done: there may be lumps it did not see. */
  stopped: boolean;
}

/** A group's members a search may use, most recent first, and the bases to walk. */
interface Members {
  /** Batch indices, most recent first (gap ascending, then date and id): the order the cap keeps. */
  members: number[];
  gaps: number[];
  /** The smallest of `members`: groups are searched in the order of their earliest open batch. */
  earliest: number;
  /**
   * Totals, and partials when any of the first MAX_GROUP_BATCHES members is paid net; sorted when a
   * search first walks the group (a named credit's search walks only its payee's groups).
   */
  bases: Basis[] | null;
}

/** A posting day's window, each group's members built when a search first needs them. */
interface Window {
  first: number;
  /** Business days from each calendar day first..posted to the posting. */
  gapOf: Int32Array;
  /** By group: its members, null when fewer than two are open, undefined until needed. */
  groups: (Members | null | undefined)[];
  /** Every group with two open members or more, in search order: built when a credit needs all. */
  all: Members[] | null;
  /** How many claims there were when it was built: while none more, every member is open. */
  claims: number;
}

export class LumpSearch {
  private readonly taken: Uint8Array;
  private claims = 0;
  /** Posting day to its window's groups (those with two open batches or more). */
  private readonly windows = new Map<number, Window>();
  /** Each group's batch indexes, in date order (then id): a window is a range of each. */
  private readonly byGroup: Int32Array[];
  /** Each payee's groups. */
  private readonly payeeGroups = new Map<number, number[]>();
  private readonly walk = new SubsetWalk();
  private stepsLeft: number;

  private readonly batches: BatchTable;

  /** `batches` in date order (then id); a candidate's items are indexes into it. */
  constructor(
    batches: readonly LumpBatch[] | BatchTable,
    private readonly windowDays: number,
    lineCount: number,
  ) {
    const table = batches instanceof BatchTable ? batches : BatchTable.ofLumpBatches(batches);
    this.batches = table;
    this.taken = new Uint8Array(table.count);
    const counts: number[] = [];
    for (const group of table.group) counts[group] = (counts[group] ?? 0) + 1;
    this.byGroup = Array.from(counts, (count) => new Int32Array(count ?? 0));
    const filled = new Int32Array(counts.length);
    table.group.forEach((group, index) => (this.byGroup[group]![filled[group]!++] = index));
    this.byGroup.forEach((indexes, group) => {
      const payee = indexes.length > 0 ? table.payee[indexes[0]!]! : NaN;
      if (Number.isNaN(payee)) return;
      const groups = this.payeeGroups.get(payee) ?? [];
      groups.push(group);
      this.payeeGroups.set(payee, groups);
    });
    this.stepsLeft = Math.max(MIN_SEARCH_STEPS, SEARCH_STEPS_PER_LINE * lineCount);
  }

  /** A batch (by its index) a line has taken: no longer in any lump. */
  claim(index: number): void {
    if (this.taken[index] === 1) return;
    this.taken[index] = 1;
    this.claims += 1;
  }

  find(amount: number, posted: number): LumpResult {
    return this.findMany([amount], posted).get(amount)!;
  }

  /**
   * The lumps of several credits posted the same day, by amount: one walk of each group serves them
   * all, the branches they share walked once (a day of a large district has dozens of such credits).
   */
  findMany(amounts: readonly number[], posted: number): Map<number, LumpResult> {
    const results = this.findFor(
      amounts.map((amount) => ({ amount, payee: null })),
      posted,
    );
    return new Map(amounts.map((amount, k) => [amount, results[k]!]));
  }

  /** Each credit's lumps (credits of one amount and payee share a result), as findMany for named credits. */
  findFor(credits: readonly LumpCredit[], posted: number): LumpResult[] {
    const byPayee = new Map<number | null, Set<number>>();
    for (const { amount, payee } of credits) {
      const amounts = byPayee.get(payee) ?? new Set<number>();
      amounts.add(amount);
      byPayee.set(payee, amounts);
    }
    let distinct = 0;
    for (const amounts of byPayee.values()) distinct += amounts.size;
    const budget: Budget = { left: Math.min(LINE_SEARCH_STEPS * distinct, this.stepsLeft), stopped: false };
    const start = budget.left;
    const window = this.window(posted);
    const found = new Map<number | null, Map<number, LumpResult>>();
    const unnamed = byPayee.get(null) ?? new Set<number>();
    for (const [payee, amounts] of byPayee) {
      if (payee === null) continue;
      const own = this.groupsOf(window, this.payeeGroups.get(payee) ?? []);
      const results = this.searchAmounts(window, own, amounts, budget);
      found.set(payee, results);
      // None among the named payee's own: looked for among all, as an unnamed credit is.
      for (const [amount, result] of results)
        if (!result.stopped && result.candidates.length === 0) unnamed.add(amount);
    }
    const all = unnamed.size > 0 ? this.searchAmounts(window, this.allGroups(window), unnamed, budget) : new Map();
    this.stepsLeft -= start - budget.left;
    return credits.map(({ amount, payee }) => {
      const own = payee === null ? undefined : found.get(payee)!.get(amount)!;
      return own && (own.stopped || own.candidates.length > 0) ? own : all.get(amount)!;
    });
  }

  /** The lumps of `amounts` among `groups` (the window's, or some of them in its order). */
  private searchAmounts(
    window: Window,
    groups: readonly Members[],
    amounts: ReadonlySet<number>,
    budget: Budget,
  ): Map<number, LumpResult> {
    const targets = Float64Array.from(amounts).sort();
    const allOpen = window.claims === this.claims;
    const results = this.search(groups, allOpen, targets, budget);
    const stopped = budget.stopped;
    const byAmount = new Map<number, LumpResult>();
    targets.forEach((target, t) => {
      const { found, truncated } = results[t]!;
      // Cut short at MAX_LUMPS, which lumps are kept depends on the order groups are met in: the
      // plain search meets them by their earliest open batch, which claims can change. Rare (a
      // credit with a dozen lumps), so only then are the groups put in that order and walked again.
      if (!truncated || stopped) {
        byAmount.set(target, { candidates: found, stopped });
        return;
      }
      const [again] = this.search(this.inPlainOrder(groups), allOpen, Float64Array.of(target), budget);
      byAmount.set(target, { candidates: again!.found, stopped: budget.stopped });
    });
    return byAmount;
  }

  /** Each target's lumps. `allOpen`: no member of `groups` has been claimed since they were built. */
  private search(
    groups: readonly Members[],
    allOpen: boolean,
    targets: Float64Array,
    budget: Budget,
  ): { found: Candidate[]; truncated: boolean }[] {
    const results = Array.from(targets, () => ({ found: [] as Candidate[], truncated: false }));
    const seen = results.map(() => new Set<string>());
    /** How many more lumps each target may keep: 0 once it has MAX_LUMPS. */
    const limits = new Int32Array(targets.length).fill(MAX_LUMPS);
    const counts = new Int32Array(targets.length);
    let wanted = targets.length;
    for (const group of groups) {
      if (wanted === 0) break;
      if (--budget.left < 0) {
        budget.stopped = true;
        break;
      }
      const open = allOpen ? group : this.openMembers(group);
      if (open === null) continue;
      for (const basis of (open.bases ??= this.bases(open.members))) {
        const hits = this.walk.run(basis, targets, limits, budget);
        if (hits === null) continue;
        counts.fill(0);
        for (const { target: t, subset } of hits) {
          counts[t]! += 1;
          const items = subset.map((i) => open.members[basis.order[i]!]!);
          const batchIds = items.map((m) => this.batches.ids[m]!).sort();
          const key = batchIds.join('\n');
          if (seen[t]!.has(key)) continue;
          seen[t]!.add(key);
          const gaps = subset.map((i) => open.gaps[basis.order[i]!]!);
          results[t]!.found.push({
            how: 'lumped',
            batchIds,
            transactionId: null,
            gapDays: Math.max(...gaps),
            gapSum: gaps.reduce((sum, gap) => sum + gap, 0),
            items,
          });
        }
        for (let t = 0; t < targets.length; t++) {
          if (counts[t] === 0) continue;
          const result = results[t]!;
          // As the plain search: a walk that found as many as it might keep may have left some out.
          if (counts[t]! >= limits[t]!) result.truncated = true;
          limits[t] = Math.max(0, MAX_LUMPS - result.found.length);
          if (limits[t] === 0) wanted -= 1;
        }
      }
      if (budget.stopped) break;
    }
    return results;
  }

  /** The group as it stands once lines have taken some batches: null when fewer than two are open. */
  private openMembers(group: Members): Members | null {
    const cap = Math.min(group.members.length, MAX_GROUP_BATCHES);
    let claimed = false;
    for (let i = 0; i < cap && !claimed; i++) claimed = this.taken[group.members[i]!] === 1;
    if (!claimed) return group;
    const members: number[] = [];
    const gaps: number[] = [];
    for (let i = 0; i < group.members.length && members.length < MAX_GROUP_BATCHES; i++) {
      if (this.taken[group.members[i]!] === 1) continue;
      members.push(group.members[i]!);
      gaps.push(group.gaps[i]!);
    }
    return members.length < 2 ? null : { members, gaps, earliest: Math.min(...members), bases: null };
  }

  /** Totals, and partials when any member is paid net (split settlement). */
  private bases(members: readonly number[]): Basis[] {
    const count = Math.min(members.length, MAX_GROUP_BATCHES);
    const { total, partial } = this.batches;
    const totals: number[] = [];
    const partials: number[] = [];
    let net = false;
    for (let i = 0; i < count; i++) {
      totals.push(total[members[i]!]!);
      partials.push(partial[members[i]!]!);
      net ||= partials[i] !== totals[i];
    }
    return net ? [basisOf(totals), basisOf(partials)] : [basisOf(totals)];
  }

  /** The groups by their earliest open batch (date, then id): the order the plain search meets them. */
  private inPlainOrder(groups: readonly Members[]): Members[] {
    return groups
      .map((group) => ({ group, first: Math.min(...group.members.filter((m) => this.taken[m] === 0)) }))
      .sort((a, b) => a.first - b.first)
      .map((g) => g.group);
  }

  /** The window of credits posted on `posted`, kept for a few posting days (credits come in date order). */
  private window(posted: number): Window {
    const cached = this.windows.get(posted);
    if (cached) return cached;
    const first = calendarSpanBefore(posted, this.windowDays);
    // Gaps by day: a window spans a dozen calendar days, so each is computed once, not per batch.
    const gapOf = new Int32Array(posted - first + 1);
    for (let day = first; day <= posted; day++) gapOf[day - first] = businessDaysBetweenDays(day, posted);
    if (this.windows.size >= WINDOWS_KEPT) this.windows.delete(this.windows.keys().next().value!);
    const window: Window = { first, gapOf, groups: [], all: null, claims: this.claims };
    this.windows.set(posted, window);
    return window;
  }

  /** Every group with two open members or more, in the order of their earliest open batch. */
  private allGroups(window: Window): Members[] {
    return (window.all ??= this.groupsOf(
      window,
      this.byGroup.map((_, group) => group),
    ));
  }

  /** These groups' members (those with two open or more), in the order a plain scan of the window meets them. */
  private groupsOf(window: Window, groups: readonly number[]): Members[] {
    const found: Members[] = [];
    for (const group of groups) {
      let members = window.groups[group];
      if (members === undefined) window.groups[group] = members = this.membersOf(window, group);
      if (members !== null) found.push(members);
    }
    return found.sort((a, b) => a.earliest - b.earliest);
  }

  /** A group's open batches in the window, most recent first; null when fewer than two. */
  private membersOf(window: Window, group: number): Members | null {
    const { first, gapOf } = window;
    const indexes = this.byGroup[group]!;
    // The group's batches dated first..posted, a range of its list (date order, then id).
    const lo = this.firstFrom(indexes, first);
    const hi = this.firstFrom(indexes, first + gapOf.length);
    if (hi - lo < 2) return null;
    // Most recent first, ties (the same gap) in date order: runs of one gap, from the latest back.
    const members: number[] = [];
    const gaps: number[] = [];
    let earliest = -1;
    let runEnd = hi;
    while (runEnd > lo) {
      const gap = gapOf[this.batches.day[indexes[runEnd - 1]!]! - first]!;
      let runStart = runEnd - 1;
      while (runStart > lo && gapOf[this.batches.day[indexes[runStart - 1]!]! - first] === gap) runStart--;
      if (gap <= this.windowDays) {
        for (let k = runStart; k < runEnd; k++) {
          const index = indexes[k]!;
          if (this.taken[index] === 1) continue;
          members.push(index);
          gaps.push(gap);
          if (earliest === -1 || index < earliest) earliest = index;
        }
      }
      runEnd = runStart;
    }
    return members.length < 2 ? null : { members, gaps, earliest, bases: null };
  }

  /** In a group's list, the first position whose batch is dated `day` or later. */
  private firstFrom(indexes: Int32Array, day: number): number {
    let lo = 0;
    let hi = indexes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.batches.day[indexes[mid]!]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
