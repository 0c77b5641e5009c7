/**
 * The matcher's inputs column by column (DESIGN.md §10): a year of a large district is 50,000 lines
 * and 60,000 batches, and as one object each (with their dates, methods and descriptions as strings)
 * they were ~30 MB of a matching run's heap. Here a batch is its id and five numbers, a line four,
 * and the store's rows are garbage as soon as a page of them is added.
 */
import type { OpenBatchRow } from '../store/bank';
import { dayNumber } from './businessDays';

/** A batch as the lump search sees it; `group` numbers its payee and family. */
export interface LumpBatch {
  id: string;
  day: number;
  group: number;
  /** Its payee, for credits whose bank line names one (matchingLumps.ts LumpCredit). */
  payee?: number;
  totalCents: number;
  partialCents: number;
}

/** A batch no line has taken yet, as the store reads it for matching. */
export type MatchBatch = OpenBatchRow;

export interface MatchLine {
  id: number;
  postedDate: string;
  amountCents: number;
  /** Candidate keys (see candidateKey) a person undid on this line: never matched again by the matcher. */
  rejected?: ReadonlySet<string>;
  /** The payee the bank's text names (its merchant id), if it names one: see LumpCredit. */
  payeeId?: number | null;
}

/** Card, ACH, or cash and checks: a processor lumps deposits of one family, never across them. */
export function methodFamily(method: string): 'card' | 'ach' | 'cash' {
  if (method === 'CC') return 'card';
  if (method === 'ACH') return 'ach';
  return 'cash';
}

/** Day numbers by date: a year of statements holds a few hundred dates. */
export class DayNumbers {
  private readonly days = new Map<string, number>();

  of(date: string): number {
    let day = this.days.get(date);
    if (day === undefined) this.days.set(date, (day = dayNumber(date)));
    return day;
  }
}

/** A typed array twice as long, what it held kept. */
function grown<A extends Int32Array | Float64Array>(array: A): A {
  const next = new (array.constructor as new (length: number) => A)(Math.max(16, array.length * 2));
  next.set(array);
  return next;
}

/** The batches in date order (then id): a batch's index here is the matcher's item number for it. */
export class BatchTable {
  constructor(
    readonly ids: readonly string[],
    readonly day: Int32Array,
    readonly group: Int32Array,
    /** NaN: no payee known (the lump search's own tests give none). */
    readonly payee: Float64Array,
    readonly total: Float64Array,
    readonly partial: Float64Array,
  ) {}

  get count(): number {
    return this.ids.length;
  }

  /** Batches given as the lump search sees them, already in date order (then id). */
  static ofLumpBatches(batches: readonly LumpBatch[]): BatchTable {
    const builder = new BatchTableBuilder();
    for (const b of batches) builder.push(b.id, b.day, b.group, b.payee ?? NaN, b.totalCents, b.partialCents);
    return builder.build();
  }
}

/** Builds a BatchTable a page of the store's rows at a time, numbering each payee's families as groups. */
export class BatchTableBuilder {
  private ids: string[] = [];
  private day = new Int32Array(0);
  private group = new Int32Array(0);
  private payee = new Float64Array(0);
  private total = new Float64Array(0);
  private partial = new Float64Array(0);
  /** Payee to its groups' numbers by family (card, ACH, cash): no key string per batch. */
  private readonly groups = new Map<number, Partial<Record<ReturnType<typeof methodFamily>, number>>>();
  private groupCount = 0;

  constructor(private readonly days = new DayNumbers()) {}

  add(b: MatchBatch): void {
    const family = methodFamily(b.paymentMethod);
    let families = this.groups.get(b.payeeId);
    if (families === undefined) this.groups.set(b.payeeId, (families = {}));
    const group = (families[family] ??= this.groupCount++);
    this.push(b.id, this.days.of(b.date), group, b.payeeId, b.totalCents, b.partialCents);
  }

  push(id: string, day: number, group: number, payee: number, total: number, partial: number): void {
    const at = this.ids.length;
    if (at === this.day.length) {
      this.day = grown(this.day);
      this.group = grown(this.group);
      this.payee = grown(this.payee);
      this.total = grown(this.total);
      this.partial = grown(this.partial);
    }
    this.ids.push(id);
    this.day[at] = day;
    this.group[at] = group;
    this.payee[at] = payee;
    this.total[at] = total;
    this.partial[at] = partial;
  }

  /**
   * The table in date order, then id (the store reads them in that order: then nothing moves, and
   * the table is this builder's arrays). The builder is empty afterwards.
   */
  build(): BatchTable {
    const n = this.ids.length;
    const { ids, day } = this;
    let sorted = true;
    for (let i = 1; i < n && sorted; i++)
      sorted = day[i - 1]! < day[i]! || (day[i - 1] === day[i] && ids[i - 1]! < ids[i]!);
    const order = sorted ? null : identity(n);
    order?.sort((a, b) => day[a]! - day[b]! || (ids[a]! < ids[b]! ? -1 : ids[a] === ids[b] ? a - b : 1));
    const table = new BatchTable(
      order ? Array.from(order, (i) => ids[i]!) : ids,
      arranged(day, order, n),
      arranged(this.group, order, n),
      arranged(this.payee, order, n),
      arranged(this.total, order, n),
      arranged(this.partial, order, n),
    );
    this.ids = [];
    this.day = this.group = new Int32Array(0);
    this.payee = this.total = this.partial = new Float64Array(0);
    return table;
  }
}

/** 0, 1, ... n - 1. */
function identity(n: number): Int32Array {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/** The first `n` of `from` in `order` (null: as they are, no copy). */
function arranged<A extends Int32Array | Float64Array>(from: A, order: Int32Array | null, n: number): A {
  if (order === null) return from.subarray(0, n) as A;
  const to = new (from.constructor as new (length: number) => A)(n);
  for (let i = 0; i < n; i++) to[i] = from[order[i]!]!;
  return to;
}

/** The open lines: a line's index here is how the matcher refers to it. */
export class LineTable {
  constructor(
    readonly id: Float64Array,
    readonly day: Int32Array,
    readonly amount: Float64Array,
    /** NaN: the line names no payee. */
    readonly payee: Float64Array,
    /** By index, what a person undid on the line (few lines have any). */
    readonly rejected: ReadonlyMap<number, ReadonlySet<string>>,
  ) {}

  get count(): number {
    return this.id.length;
  }

  payeeOf(k: number): number | null {
    const payee = this.payee[k]!;
    return Number.isNaN(payee) ? null : payee;
  }

  static of(lines: readonly MatchLine[], days = new DayNumbers()): LineTable {
    const builder = new LineTableBuilder(days);
    for (const line of lines)
      builder.add(line.id, line.postedDate, line.amountCents, line.payeeId ?? null, line.rejected);
    return builder.build(false);
  }
}

export class LineTableBuilder {
  private count = 0;
  private id = new Float64Array(0);
  private day = new Int32Array(0);
  private amount = new Float64Array(0);
  private payee = new Float64Array(0);
  private rejected = new Map<number, ReadonlySet<string>>();

  constructor(private readonly days = new DayNumbers()) {}

  add(id: number, postedDate: string, amountCents: number, payee: number | null, rejected?: ReadonlySet<string>): void {
    const at = this.count++;
    if (at === this.id.length) {
      this.id = grown(this.id);
      this.day = grown(this.day);
      this.amount = grown(this.amount);
      this.payee = grown(this.payee);
    }
    this.id[at] = id;
    this.day[at] = this.days.of(postedDate);
    this.amount[at] = amountCents;
    this.payee[at] = payee ?? NaN;
    if (rejected !== undefined) this.rejected.set(at, rejected);
  }

  /** `byDate`: in posting order, then id (the order the store used to read them in); else as added. */
  build(byDate: boolean): LineTable {
    const n = this.count;
    const { id, day } = this;
    let sorted = true;
    for (let i = 1; byDate && i < n && sorted; i++)
      sorted = day[i - 1]! < day[i]! || (day[i - 1] === day[i] && id[i - 1]! < id[i]!);
    const order = sorted ? null : identity(n);
    order?.sort((a, b) => day[a]! - day[b]! || id[a]! - id[b]!);
    let rejected = this.rejected;
    if (order !== null) {
      rejected = new Map();
      for (let k = 0; k < n; k++) {
        const keys = this.rejected.get(order[k]!);
        if (keys !== undefined) rejected.set(k, keys);
      }
    }
    const table = new LineTable(
      arranged(id, order, n),
      arranged(day, order, n),
      arranged(this.amount, order, n),
      arranged(this.payee, order, n),
      rejected,
    );
    this.count = 0;
    this.id = this.amount = this.payee = new Float64Array(0);
    this.day = new Int32Array(0);
    this.rejected = new Map();
    return table;
  }
}

/** One explanation of a bank line: a batch, a lump of batches, or a returned transaction. */
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
