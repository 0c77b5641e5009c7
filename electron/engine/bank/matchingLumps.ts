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
 */
import { businessDaysBetweenDays, calendarSpanBefore } from './businessDays';
import type { Candidate } from './matchingCandidates';

export const MAX_LUMP_SIZE = 6;
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

/** A batch as the search sees it; `group` numbers its payee and family. */
export interface LumpBatch {
  id: string;
  day: number;
  group: number;
  totalCents: number;
  partialCents: number;
}

export interface LumpResult {
  candidates: Candidate[];
  /** The step budget ran out before the search was done: there may be lumps it did not see. */
  stopped: boolean;
}

/** One basis (totals or partials) of a group's members, ready to walk: largest first, prefix sums. */
interface Basis {
  /** Member positions, amount descending (ties in member order); positive amounts only. */
  order: number[];
  amounts: number[];
  /** prefix[i]: the sum of amounts[0..i). */
  prefix: number[];
}

/** A group's members a search may use, most recent first, and the bases to walk. */
interface Members {
  /** Batch indices, most recent first (gap ascending, then date and id): the order the cap keeps. */
  members: number[];
  gaps: number[];
  /** Totals, and partials when any of the first MAX_GROUP_BATCHES members is paid net. */
  bases: Basis[];
}

interface Window {
  groups: Members[];
  /** How many claims there were when it was built: while none more, every member is open. */
  claims: number;
}

interface Budget {
  left: number;
  stopped: boolean;
}

export class LumpSearch {
  private readonly taken: Uint8Array;
  private claims = 0;
  /** Posting day to its window's groups (those with two open batches or more). */
  private readonly windows = new Map<number, Window>();
  private readonly walk = new SubsetWalk();
  private stepsLeft: number;

  /** `batches` in date order (then id); a candidate's items are indexes into it. */
  constructor(
    private readonly batches: readonly LumpBatch[],
    private readonly windowDays: number,
    lineCount: number,
  ) {
    this.taken = new Uint8Array(batches.length);
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
    const targets = Float64Array.from(new Set(amounts)).sort();
    const budget: Budget = {
      left: Math.min(LINE_SEARCH_STEPS * targets.length, this.stepsLeft),
      stopped: false,
    };
    const start = budget.left;
    const window = this.window(posted);
    const allOpen = window.claims === this.claims;
    const results = this.search(window.groups, allOpen, targets, budget);
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
      const [again] = this.search(this.inPlainOrder(window.groups), allOpen, Float64Array.of(target), budget);
      byAmount.set(target, { candidates: again!.found, stopped: budget.stopped });
    });
    this.stepsLeft -= start - budget.left;
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
      for (const basis of open.bases) {
        const hits = this.walk.run(basis, targets, limits, budget);
        if (hits === null) continue;
        counts.fill(0);
        for (const { target: t, subset } of hits) {
          counts[t]! += 1;
          const items = subset.map((i) => open.members[basis.order[i]!]!);
          const batchIds = items.map((m) => this.batches[m]!.id).sort();
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
    return members.length < 2 ? null : { members, gaps, bases: this.bases(members) };
  }

  /** Totals, and partials when any member is paid net (split settlement). */
  private bases(members: readonly number[]): Basis[] {
    const count = Math.min(members.length, MAX_GROUP_BATCHES);
    const kept = members.slice(0, count).map((m) => this.batches[m]!);
    const totals = basisOf(kept, 'totalCents');
    return kept.some((b) => b.partialCents !== b.totalCents) ? [totals, basisOf(kept, 'partialCents')] : [totals];
  }

  /** The groups by their earliest open batch (date, then id): the order the plain search meets them. */
  private inPlainOrder(groups: readonly Members[]): Members[] {
    return groups
      .map((group) => ({ group, first: Math.min(...group.members.filter((m) => this.taken[m] === 0)) }))
      .sort((a, b) => a.first - b.first)
      .map((g) => g.group);
  }

  /** The groups of credits posted on `posted`, built once per posting day (credits come in date order). */
  private window(posted: number): Window {
    const cached = this.windows.get(posted);
    if (cached) return cached;
    const byGroup = new Map<number, { members: number[]; gaps: number[] }>();
    const first = calendarSpanBefore(posted, this.windowDays);
    let lo = 0;
    let hi = this.batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.batches[mid]!.day < first) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.batches.length; i++) {
      const batch = this.batches[i]!;
      if (batch.day > posted) break;
      if (this.taken[i] === 1) continue;
      const gap = businessDaysBetweenDays(batch.day, posted);
      if (gap > this.windowDays) continue;
      let group = byGroup.get(batch.group);
      if (!group) byGroup.set(batch.group, (group = { members: [], gaps: [] }));
      // Most recent first, ties in date order: members come in date order, gaps never rise.
      let at = group.members.length;
      while (at > 0 && group.gaps[at - 1]! > gap) at--;
      group.members.splice(at, 0, i);
      group.gaps.splice(at, 0, gap);
    }
    const groups: Members[] = [];
    for (const { members, gaps } of byGroup.values()) {
      if (members.length < 2) continue;
      groups.push({ members, gaps, bases: this.bases(members) });
    }
    if (this.windows.size >= WINDOWS_KEPT) this.windows.delete(this.windows.keys().next().value!);
    const window = { groups, claims: this.claims };
    this.windows.set(posted, window);
    return window;
  }
}

/** The members' positive amounts of one basis, largest first. */
function basisOf(members: readonly LumpBatch[], basis: 'totalCents' | 'partialCents'): Basis {
  // Insertion sort, ties in member order: a group holds a handful of batches.
  const order: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const amount = members[i]![basis];
    if (amount <= 0) continue;
    let at = order.length;
    while (at > 0 && members[order[at - 1]!]![basis] < amount) at--;
    order.splice(at, 0, i);
  }
  // Plain arrays: a year builds ~100,000 of these, and typed arrays cost more to make and collect.
  const amounts: number[] = [];
  const prefix = [0];
  for (let i = 0; i < order.length; i++) {
    amounts.push(members[order[i]!]![basis]);
    prefix.push(prefix[i]! + amounts[i]!);
  }
  return { order, amounts, prefix };
}

/** A subset (indexes into a basis's amounts) adding up to the target of that index. */
interface Hit {
  target: number;
  subset: number[];
}

/**
 * For each target (ascending, distinct), the index sets (into a basis's amounts) of 2..MAX_LUMP_SIZE
 * amounts adding up to it, at most `limits[t]` of them (0: none wanted), depth first largest first:
 * for each target, in the order a walk for it alone would find them. Each branch carries the targets
 * it can still reach (those between what it has plus the smallest amount and what it has plus its
 * largest remaining slots), and ends when none is left. Iterative over small arrays: it runs for each
 * group of each posting day, so it allocates nothing but what it finds. A branch taken spends a step.
 */
class SubsetWalk {
  /** At each depth: the index being tried, the sum chosen above it, and the targets still in reach. */
  private readonly at = new Int32Array(MAX_LUMP_SIZE);
  private readonly sum = new Float64Array(MAX_LUMP_SIZE);
  private readonly lo = new Int32Array(MAX_LUMP_SIZE);
  private readonly hi = new Int32Array(MAX_LUMP_SIZE);
  /**
   * Also at each depth, three places among its targets that only move down as the amounts tried
   * fall: past the sum reached (for a match), and the ends of what a further batch could reach.
   */
  private readonly past = new Int32Array(MAX_LUMP_SIZE);
  private readonly from = new Int32Array(MAX_LUMP_SIZE);
  private readonly to = new Int32Array(MAX_LUMP_SIZE);
  private counts = new Int32Array(0);

  run(basis: Basis, targets: Float64Array, limits: Int32Array, budget: Budget): Hit[] | null {
    const { amounts, prefix } = basis;
    const n = amounts.length;
    if (n < 2) return null;
    const smallest = amounts[n - 1]!;
    // Only targets a lump of this group could make: from its two smallest to its six largest.
    const lo = atLeast(targets, smallest + amounts[n - 2]!, 0, targets.length);
    const hi = above(targets, prefix[Math.min(n, MAX_LUMP_SIZE)]!, lo, targets.length);
    if (lo >= hi) return null;
    if (this.counts.length < targets.length) this.counts = new Int32Array(targets.length);
    const { at, sum, past, from, to, counts } = this;
    counts.fill(0, 0, targets.length);
    let hits: Hit[] | null = null;
    let depth = 0;
    this.enter(0, 0, lo, hi, firstAtMost(amounts, 0, targets[hi - 1]!));
    while (depth >= 0) {
      const i = at[depth]!;
      const had = sum[depth]!;
      const first = this.lo[depth]!;
      const slots = MAX_LUMP_SIZE - depth;
      // Amounts are descending: once the next `slots` cannot reach the least target, nothing further can.
      if (i >= n || had + prefix[Math.min(n, i + slots)]! - prefix[i]! < targets[first]!) {
        depth -= 1;
        if (depth >= 0) at[depth]! += 1;
        continue;
      }
      at[depth] = i + 1;
      const reached = had + amounts[i]!;
      let p = past[depth]!;
      while (p > first && targets[p - 1]! > reached) p -= 1;
      past[depth] = p;
      if (depth > 0 && p > first && targets[p - 1] === reached && counts[p - 1]! < limits[p - 1]!) {
        counts[p - 1]! += 1;
        (hits ??= []).push({ target: p - 1, subset: subsetOf(at, depth, i) });
      }
      if (slots === 1) continue;
      // The targets a further batch could still reach from here.
      const least = reached + smallest;
      const most = reached + prefix[Math.min(n, i + slots)]! - prefix[i + 1]!;
      let f = from[depth]!;
      while (f > first && targets[f - 1]! >= least) f -= 1;
      from[depth] = f;
      let t = to[depth]!;
      while (t > first && targets[t - 1]! > most) t -= 1;
      to[depth] = t;
      if (f >= t) continue;
      if (--budget.left < 0) {
        budget.stopped = true;
        break;
      }
      at[depth] = i;
      depth += 1;
      this.enter(depth, reached, f, t, firstAtMost(amounts, i + 1, targets[t - 1]! - reached));
    }
    return hits;
  }

  private enter(depth: number, reached: number, lo: number, hi: number, start: number): void {
    this.sum[depth] = reached;
    this.lo[depth] = lo;
    this.hi[depth] = hi;
    this.past[depth] = hi;
    this.from[depth] = hi;
    this.to[depth] = hi;
    this.at[depth] = start;
  }
}

/** The indexes chosen at the depths above `depth`, then `last`. */
function subsetOf(at: Int32Array, depth: number, last: number): number[] {
  const subset: number[] = [];
  for (let d = 0; d < depth; d++) subset.push(at[d]!);
  subset.push(last);
  return subset;
}

/** The first index at or after `start` whose amount is at most `most` (amounts are descending). */
function firstAtMost(amounts: readonly number[], start: number, most: number): number {
  let lo = start;
  let hi = amounts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (amounts[mid]! > most) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** In ascending `sorted[from..to)`, the first index whose value is at least `value`. */
function atLeast(sorted: Float64Array, value: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** In ascending `sorted[from..to)`, the first index whose value is above `value`. */
function above(sorted: Float64Array, value: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index sets into `amounts` of 2..MAX_LUMP_SIZE positive amounts adding up to `target`, at most `limit`. */
export function subsetsSumming(amounts: readonly number[], target: number, limit: number): number[][] {
  const basis = basisOf(
    amounts.map((cents, i) => ({ id: String(i), day: 0, group: 0, totalCents: cents, partialCents: cents })),
    'totalCents',
  );
  const hits = new SubsetWalk().run(basis, Float64Array.of(target), Int32Array.of(limit), {
    left: Infinity,
    stopped: false,
  });
  return (hits ?? []).map(({ subset }) => subset.map((i) => basis.order[i]!));
}
