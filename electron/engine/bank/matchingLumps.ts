/**
 * The bounded search for lumped deposits (DESIGN.md §10): which 2 to MAX_LUMP_SIZE batches of one
 * payee and method family, all dated in a credit's window, add up to it (all totals or all partials).
 * Pure, like matching.ts; asked only for credits that are neither one batch nor a day-lump.
 *
 * The candidates are exactly those of a plain search (test/engine/bank/matchingLumps.test.ts checks
 * them against brute force): per credit and group, the MAX_GROUP_BATCHES most recent open batches,
 * lumps of at most MAX_LUMP_SIZE, at most MAX_LUMPS kept. What makes it fast: a posting day's window
 * is grouped, and each group sorted by amount, once for all the credits of that day (the plain search
 * re-read and re-grouped the window for each); a walk starts only in a group whose six largest reach
 * the amount and whose two smallest do not pass it, skips amounts larger than what is left by binary
 * search, ends a branch once its remaining slots cannot reach, and finds a lump's last batch by binary
 * search. Every credit still walks every school's groups (a lump may be in any of them): the work
 * grows with lump credits x schools, ~3,500 steps a credit at the bench's 60 schools.
 *
 * The bound: a walk spends a step per group visited and per branch taken. One credit may spend at
 * most LINE_SEARCH_STEPS; all credits of a run together SEARCH_STEPS_PER_LINE per line matched (at
 * least MIN_SEARCH_STEPS), ~3x what the bench's year of 50,000 lines needs. A credit whose search ran
 * out says so (`stopped`): what it found is at most a suggestion, never a match (matching.ts).
 */
import { businessDaysBetweenDays, calendarSpanBefore } from './businessDays';
import type { Candidate } from './matchingCandidates';

export const MAX_LUMP_SIZE = 6;
/** Per group, the most recent open batches searched: sum_{k=2..6} C(16, k) = 14,876 subsets at most. */
export const MAX_GROUP_BATCHES = 16;
export const MAX_LUMPS = 12;
export const LINE_SEARCH_STEPS = 250_000;
export const SEARCH_STEPS_PER_LINE = 1_000;
export const MIN_SEARCH_STEPS = 1_000_000;

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
  amounts: Float64Array;
  /** prefix[i]: the sum of amounts[0..i). */
  prefix: Float64Array;
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
  /** Posting day to its window's groups (those with two open batches or more); a few days kept. */
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
    const budget: Budget = { left: Math.min(LINE_SEARCH_STEPS, this.stepsLeft), stopped: false };
    const start = budget.left;
    const window = this.window(posted);
    const allOpen = window.claims === this.claims;
    let result = this.search(window.groups, allOpen, amount, budget);
    // Cut short at MAX_LUMPS, which lumps are kept depends on the order groups are met in: the plain
    // search meets them by their earliest open batch, which claims can change. Rare (a credit with
    // a dozen lumps), so only then are the groups put in that order and walked again.
    if (result.truncated && !budget.stopped) {
      result = this.search(this.inPlainOrder(window.groups), allOpen, amount, budget);
    }
    this.stepsLeft -= start - budget.left;
    return { candidates: result.found, stopped: budget.stopped };
  }

  /** `allOpen`: no member of `groups` has been claimed since they were built. */
  private search(
    groups: readonly Members[],
    allOpen: boolean,
    amount: number,
    budget: Budget,
  ): { found: Candidate[]; truncated: boolean } {
    const found: Candidate[] = [];
    let seen: Set<string> | null = null;
    let truncated = false;
    for (const group of groups) {
      if (--budget.left < 0) {
        budget.stopped = true;
        break;
      }
      const open = allOpen ? group : this.openMembers(group);
      if (open === null) continue;
      for (const basis of open.bases) {
        const limit = MAX_LUMPS - found.length;
        const subsets = this.walk.run(basis, amount, limit, budget);
        if (subsets.length === 0) continue;
        if (subsets.length >= limit) truncated = true;
        for (const subset of subsets) {
          const items = subset.map((i) => open.members[basis.order[i]!]!);
          const batchIds = items.map((m) => this.batches[m]!.id).sort();
          const key = batchIds.join('\n');
          seen ??= new Set();
          if (seen.has(key)) continue;
          seen.add(key);
          const gaps = subset.map((i) => open.gaps[basis.order[i]!]!);
          found.push({
            how: 'lumped',
            batchIds,
            transactionId: null,
            gapDays: Math.max(...gaps),
            gapSum: gaps.reduce((sum, gap) => sum + gap, 0),
            items,
          });
        }
        if (found.length >= MAX_LUMPS) return { found, truncated: true };
      }
      if (budget.stopped) break;
    }
    return { found, truncated };
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
    const totals: number[] = [];
    const partials: number[] = [];
    let net = false;
    for (const m of members) {
      const batch = this.batches[m]!;
      totals.push(batch.totalCents);
      partials.push(batch.partialCents);
      if (batch.partialCents !== batch.totalCents) net = true;
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
      groups.push({ members, gaps, bases: this.bases(members.slice(0, MAX_GROUP_BATCHES)) });
    }
    if (this.windows.size >= 8) this.windows.delete(this.windows.keys().next().value!);
    const window = { groups, claims: this.claims };
    this.windows.set(posted, window);
    return window;
  }
}

function basisOf(amounts: readonly number[]): Basis {
  // Insertion sort, largest first, ties in member order: a group holds a handful of batches.
  const order: number[] = [];
  for (let i = 0; i < amounts.length; i++) {
    const amount = amounts[i]!;
    if (amount <= 0) continue;
    let at = order.length;
    while (at > 0 && amounts[order[at - 1]!]! < amount) at--;
    order.splice(at, 0, i);
  }
  const sorted = new Float64Array(order.length);
  const prefix = new Float64Array(order.length + 1);
  for (let i = 0; i < order.length; i++) {
    sorted[i] = amounts[order[i]!]!;
    prefix[i + 1] = prefix[i]! + sorted[i]!;
  }
  return { order, amounts: sorted, prefix };
}

const NONE: readonly number[][] = Object.freeze([]) as readonly number[][];

/**
 * Index sets (into a basis's amounts) of 2..MAX_LUMP_SIZE amounts adding up to a target, at most
 * `limit` of them, in the order of a depth-first walk largest first. Iterative over two small
 * arrays: it runs about a million times a year of a large district, so it allocates nothing but
 * what it finds. Each branch taken spends a step of the budget.
 */
class SubsetWalk {
  /** At each depth, the index being tried and what is left to reach. */
  private readonly at = new Int32Array(MAX_LUMP_SIZE);
  private readonly left = new Float64Array(MAX_LUMP_SIZE);

  run(basis: Basis, target: number, limit: number, budget: Budget): readonly number[][] {
    const { amounts, prefix } = basis;
    const n = amounts.length;
    // A group whose six largest fall short, or whose two smallest overshoot, holds no lump.
    if (limit <= 0 || n < 2 || prefix[Math.min(n, MAX_LUMP_SIZE)]! < target) return NONE;
    const smallest = amounts[n - 1]!;
    if (smallest + amounts[n - 2]! > target) return NONE;
    const { at, left } = this;
    let found: number[][] | null = null;
    let depth = 0;
    left[0] = target;
    at[0] = firstAtMost(amounts, 0, target);
    while (depth >= 0) {
      const i = at[depth]!;
      const need = left[depth]!;
      const slots = MAX_LUMP_SIZE - depth;
      // Amounts are descending: once the next `slots` cannot reach, nothing further along can.
      if (i >= n || prefix[Math.min(n, i + slots)]! - prefix[i]! < need) {
        depth -= 1;
        if (depth >= 0) at[depth]! += 1;
        continue;
      }
      at[depth] = i + 1;
      const rest = need - amounts[i]!;
      if (rest === 0) {
        if (depth > 0) (found ??= []).push(subsetOf(at, depth, i));
      } else if (slots > 1 && rest >= smallest) {
        if (--budget.left < 0) {
          budget.stopped = true;
          break;
        }
        const next = firstAtMost(amounts, i + 1, rest);
        if (slots === 2) {
          // One slot after this one: only amounts equal to what is left end a lump, and they come first.
          for (let j = next; j < n && amounts[j] === rest; j++) {
            (found ??= []).push([...subsetOf(at, depth, i), j]);
            if (found.length >= limit) return found;
          }
        } else {
          at[depth] = i;
          depth += 1;
          left[depth] = rest;
          at[depth] = next;
          continue;
        }
      }
      if (found && found.length >= limit) break;
    }
    return found ?? NONE;
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
function firstAtMost(amounts: Float64Array, start: number, most: number): number {
  let lo = start;
  let hi = amounts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (amounts[mid]! > most) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index sets into `amounts` of 2..MAX_LUMP_SIZE positive amounts adding up to `target`, at most `limit`. */
export function subsetsSumming(amounts: readonly number[], target: number, limit: number): number[][] {
  const basis = basisOf(amounts);
  const subsets = new SubsetWalk().run(basis, target, limit, { left: Infinity, stopped: false });
  return subsets.map((subset) => subset.map((i) => basis.order[i]!));
}
