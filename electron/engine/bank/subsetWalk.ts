/**
 * The walk under the lump search (matchingLumps.ts): for one group's amounts, largest first, the
 * subsets of 2 to MAX_LUMP_SIZE that add up to each of a day's credits, bounded by a step budget.
 */

export const MAX_LUMP_SIZE = 6;

/** One basis (totals or partials) of a group's members, ready to walk: largest first, prefix sums. */
export interface Basis {
  /** Member positions, amount descending (ties in member order); positive amounts only. */
  order: number[];
  amounts: number[];
  /** prefix[i]: the sum of amounts[0..i). */
  prefix: number[];
}

export interface Budget {
  left: number;
  stopped: boolean;
}

/** The members' positive amounts of one basis (their totals, or their partials), largest first. */
export function basisOf(members: readonly number[]): Basis {
  // Insertion sort, ties in member order: a group holds a handful of batches.
  const order: number[] = [];
  for (let i = 0; i < members.length; i++) {
    const amount = members[i]!;
    if (amount <= 0) continue;
    let at = order.length;
    while (at > 0 && members[order[at - 1]!]! < amount) at--;
    order.splice(at, 0, i);
  }
  // Plain arrays: a year builds ~100,000 of these, and typed arrays cost more to make and collect.
  const amounts: number[] = [];
  const prefix = [0];
  for (let i = 0; i < order.length; i++) {
    amounts.push(members[order[i]!]!);
    prefix.push(prefix[i]! + amounts[i]!);
  }
  return { order, amounts, prefix };
}

/** A subset (indexes into a basis's amounts) adding up to the target of that index. */
export interface Hit {
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
export class SubsetWalk {
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

/** The first index in [from, to) where `before` turns false (it is true, then false, along the range). */
function partitionPoint(from: number, to: number, before: (index: number) => boolean): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index at or after `start` whose amount is at most `most` (amounts are descending). */
function firstAtMost(amounts: readonly number[], start: number, most: number): number {
  return partitionPoint(start, amounts.length, (i) => amounts[i]! > most);
}

/** In ascending `sorted[from..to)`, the first index whose value is at least `value`. */
function atLeast(sorted: Float64Array, value: number, from: number, to: number): number {
  return partitionPoint(from, to, (i) => sorted[i]! < value);
}

/** In ascending `sorted[from..to)`, the first index whose value is above `value`. */
function above(sorted: Float64Array, value: number, from: number, to: number): number {
  return partitionPoint(from, to, (i) => sorted[i]! <= value);
}

/** Index sets into `amounts` of 2..MAX_LUMP_SIZE positive amounts adding up to `target`, at most `limit`. */
export function subsetsSumming(amounts: readonly number[], target: number, limit: number): number[][] {
  const basis = basisOf(amounts);
  const hits = new SubsetWalk().run(basis, Float64Array.of(target), Int32Array.of(limit), {
    left: Infinity,
    stopped: false,
  });
  return (hits ?? []).map(({ subset }) => subset.map((i) => basis.order[i]!));
}
