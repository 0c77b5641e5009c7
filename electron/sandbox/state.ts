/**
 * The sandbox's mutable state. Records are compact (money in integer cents, times as whole seconds
 * since 2000-01-01 so they stay small integers, shared payer/card objects) because a scenario may
 * hold a million transactions. Transactions are appended in id order, and ids are handed out as
 * time moves forward, so the array is sorted by id AND by creation time: every query is a binary
 * search plus a short scan.
 */
import type { BusinessDate } from '../../shared/time';
import type { PaymentMethod, TransactionStatus } from '../../shared/domain/service';

/** Seconds from the Unix epoch to 2000-01-01T00:00:00Z. */
export const EPOCH_2000 = 946_684_800;
export const toSec = (epochMs: number): number => Math.floor(epochMs / 1000) - EPOCH_2000;
export const secToMs = (sec: number): number => (sec + EPOCH_2000) * 1000;

export interface PayeeRecord {
  id: number;
  name: string;
  merchantId: string;
  removed: boolean;
}

export interface GlAccountRecord {
  /** A numeric string: GL ids are strings in GLAccount, and Item.gl_account is an int. */
  id: string;
  label: string;
  number: string;
  removed: boolean;
}

export interface StudentRecord {
  /** The school the student attends (internal: the wire Student has number, district_id, name). */
  payeeId: number;
  number: string;
  districtId: number;
  name: string;
}

/** An entry of the item catalogue (GET /items) that transactions' purchased items come from. */
export interface CatalogItem {
  id: number;
  payeeId: number;
  title: string;
  itemType: 'Simple' | 'Recurring' | 'Food Service' | 'Multi';
  priceCents: number;
  glAccountId: string;
  code: string;
  createdSec: number;
  /** Sales carry tax and may carry shipping (yearbooks, spirit wear). */
  taxable: boolean;
  shippable: boolean;
}

export interface PayerRecord {
  name: string;
  address: string;
  address2?: string;
  email: string;
  phone: string;
  ip: string;
  city: string;
  state?: string;
  postalCode: string;
  country: string;
}

export interface CardRecord {
  brand: 'Visa' | 'MasterCard' | 'AmericanExpress' | 'Discover';
  pan: string;
  expires: string;
}

export interface BankRecord {
  routingNumber: string;
  accountNumber: string;
}

export interface ItemRecord {
  id: string;
  itemName: string;
  amount: number;
  glAccountId: string | null;
  student: StudentRecord | null;
  customFields: Record<string, string>;
}

export interface TxnRecord {
  id: number;
  orderId: number;
  payeeId: number;
  method: PaymentMethod;
  status: TransactionStatus;
  statusMessage: string;
  /** Whole authorised amount in cents; convenience fee, tax and shipping are parts of it. */
  amount: number;
  refunded: number;
  fee: number;
  tax: number;
  shipping: number;
  /** Creation instant, whole seconds since 2000-01-01 UTC (see EPOCH_2000). */
  created: number;
  batchId: string | null;
  data: string | null;
  payer: PayerRecord | null;
  card: CardRecord | null;
  bank: BankRecord | null;
  storedCardToken: string | null;
  glAccountId: string | null;
  /** Items given on POST /txns; scenario transactions derive theirs from itemSeed instead. */
  items: ItemRecord[] | null;
  /** 0: no items. Otherwise the seed that regenerates this scenario transaction's items on demand. */
  itemSeed: number;
}

export interface BatchRecord {
  /** A numeric string: Batch.id is a string, GLBatch.batch_id an int. */
  id: string;
  payeeId: number;
  date: BusinessDate;
  method: PaymentMethod;
  total: number;
  fees: number;
  partial: number;
  count: number;
  /** Ids of its transactions, ascending. */
  txnIds: number[];
}

export interface GlRowRecord {
  glBatchIdentifier: string;
  date: BusinessDate;
  batchId: string;
  payeeId: number;
  method: PaymentMethod;
  glAccountId: string | null;
  amount: number;
  amountWithoutFees: number;
  count: number;
  /** 'base' rows are what `limit` counts; fee, tax and shipping rows ride along after their base row. */
  kind: 'base' | 'fee' | 'tax' | 'shipping';
}

/** One base GL row (batch x GL account) and the extra fee/tax/shipping rows split out of it. */
export interface GlGroup {
  base: GlRowRecord;
  extras: GlRowRecord[];
}

export type ScheduledEvent =
  | { atMs: number; seq: number; kind: 'void'; txnId: number }
  | { atMs: number; seq: number; kind: 'refund'; txnId: number; cents: number }
  | { atMs: number; seq: number; kind: 'return'; txnId: number }
  | { atMs: number; seq: number; kind: 'resolve'; txnId: number; to: 'Settled' | 'Declined' };

/** One write the service applied through POST /txns: what the tests count and the audit compares. */
export interface WriteRecord {
  /** Simulated instant, epoch milliseconds. */
  atMs: number;
  operation: 'process' | 'refund' | 'void';
  transactionId: number;
  /** Process: the amount; refund: the amount refunded; void: the amount voided. */
  cents: number;
  /** Process: the caller's `data` (a client reference goes there). */
  data: string | null;
}

export interface SandboxState {
  seed: number;
  districtId: number;
  payees: PayeeRecord[];
  glAccounts: GlAccountRecord[];
  students: StudentRecord[];
  catalog: CatalogItem[];
  /** Sorted by id and by creation time; id = firstTxnId + index. */
  transactions: TxnRecord[];
  firstTxnId: number;
  nextOrderId: number;
  nextBatchNumber: number;
  nextGlAccountNumber: number;
  /** Sorted by date then id (midnights are processed in order). */
  batches: BatchRecord[];
  batchById: Map<string, BatchRecord>;
  /** Sorted like batches; inside a batch by GL account number, no GL account last. */
  glGroups: GlGroup[];
  /** Index into transactions of the first transaction not yet looked at by a midnight. */
  settleCursor: number;
  /** Transactions settled after the cursor passed them (resolved Unknowns): batched next midnight. */
  lateSettlers: TxnRecord[];
  /** The open business day: its midnight (the end of it) has not run yet. '' until the clock starts. */
  openDate: BusinessDate;
  /** Events in the future, a binary min-heap on (atMs, seq). */
  schedule: ScheduledEvent[];
  nextEventSeq: number;
  storedCards: Map<string, CardRecord>;
  /** Discrepancy injection: transactions GET /txns?batch= leaves out. */
  hiddenFromBatch: Set<number>;
  /** Discrepancy injection: reversals of these transactions fail with TXN_ERROR. */
  failingReversals: Set<number>;
  /** POST /txns and POST /txns/:id requests received, applied or refused (tests: "nothing was sent"). */
  postsReceived: number;
  /** Every write applied through POST /txns, in order (tests: "exactly once at the service"). */
  writes: WriteRecord[];
}

export function createEmptyState(seed: number): SandboxState {
  return {
    seed,
    districtId: 4417,
    payees: [],
    glAccounts: [],
    students: [],
    catalog: [],
    transactions: [],
    firstTxnId: 1_000_001,
    nextOrderId: 500_001,
    nextBatchNumber: 730_001,
    nextGlAccountNumber: 1,
    batches: [],
    batchById: new Map(),
    glGroups: [],
    settleCursor: 0,
    lateSettlers: [],
    openDate: '',
    schedule: [],
    nextEventSeq: 1,
    storedCards: new Map(),
    hiddenFromBatch: new Set(),
    failingReversals: new Set(),
    postsReceived: 0,
    writes: [],
  };
}

export function findTransaction(state: SandboxState, id: number): TxnRecord | undefined {
  const txn = state.transactions[id - state.firstTxnId];
  return txn && txn.id === id ? txn : undefined;
}

export function nextTransactionId(state: SandboxState): number {
  return state.firstTxnId + state.transactions.length;
}

export function findPayee(state: SandboxState, id: number): PayeeRecord | undefined {
  return state.payees.find((payee) => payee.id === id && !payee.removed);
}

export function findGlAccount(state: SandboxState, id: string): GlAccountRecord | undefined {
  return state.glAccounts.find((account) => account.id === id && !account.removed);
}

/** Index of the first element for which `isRight` holds, in an array partitioned by it. */
export function lowerBound<T>(items: readonly T[], isRight: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isRight(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

// ---------- the schedule heap ----------

const before = (a: ScheduledEvent, b: ScheduledEvent) => a.atMs < b.atMs || (a.atMs === b.atMs && a.seq < b.seq);

export type NewEvent = ScheduledEvent extends infer E ? (E extends ScheduledEvent ? Omit<E, 'seq'> : never) : never;

export function schedule(state: SandboxState, event: NewEvent): void {
  const heap = state.schedule;
  heap.push({ ...event, seq: state.nextEventSeq++ } as ScheduledEvent);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(heap[i]!, heap[parent]!)) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

export function peekEvent(state: SandboxState): ScheduledEvent | undefined {
  return state.schedule[0];
}

export function popEvent(state: SandboxState): ScheduledEvent | undefined {
  const heap = state.schedule;
  const top = heap[0];
  const last = heap.pop();
  if (heap.length > 0 && last) {
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
      if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
      if (m === i) break;
      [heap[i], heap[m]] = [heap[m]!, heap[i]!];
      i = m;
    }
  }
  return top;
}
