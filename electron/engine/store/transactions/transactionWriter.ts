/**
 * The sync's hot path: writing a page of transactions, inside the page's unit of work
 * (syncCommit.ts). Each row goes through the differ; a row whose raw JSON and business date are
 * unchanged is not touched, so re-reading the refresh window costs a read, not a write.
 *
 * The page's rows and change records are written as its dialect writes many rows
 * (dialect/bulkStatements.ts): on SQLite one-row statements prepared once per connection and run row
 * by row inside the unit's synchronous transaction; on PostgreSQL, where each statement is a round
 * trip, one statement per kind of write for the whole page, one array parameter per column.
 *
 * A routine first sighting (a new Pending or Settled sale) is not stored as a change: it is the
 * day's routine, not something to review, and the timeline rebuilds its "first seen" from the
 * transaction's first_status, first_seen_at and first_seen_run_id (see getTransaction). That saves
 * a row and two index entries per new sale: most of the rows a first full sync would write.
 */
import type { Kysely } from 'kysely';
import type { TransactionStatus, ReceivedTransaction as ParsedTransaction } from '../../../../shared/domain';
import { diffTransaction, type DiffChange } from '../../differ/diff';
import { typedColumns, type BulkInsert, type BulkStatement, type BulkUpdate } from '../dialect/bulkStatements';
import { TRANSACTION_FIELDS, type Database } from '../schema';
import { execute, rowsOf, type Work, type WorkTarget } from '../work/work';

export interface PageRow {
  parsed: ParsedTransaction;
  /** The business date to store; null keeps the stored one (rows read through a batch). */
  businessDate: string | null;
  /** Used for a new row when businessDate is null. */
  fallbackDate: string;
}

export interface PageResult {
  inserted: number;
  updated: number;
  changes: number;
}

interface ExistingRow {
  id: number;
  status: TransactionStatus;
  amount_cents: number;
  amount_refunded_cents: number;
  convenience_fee_cents: number;
  tax_cents: number;
  shipping_cents: number;
  payee_id: number;
  batch_id: string | null;
  business_date: string;
  raw: string;
  raw_digest: string | null;
}

const COLUMNS = [...TRANSACTION_FIELDS, 'raw', 'raw_digest'] as const;

/**
 * payer_name and gl_account_id come only from GET /txns/:id (the sync's details phase, or a transaction
 * opened): a list page, which never has them, must not erase them (nor payer_search, not written here).
 */
const KEPT_DETAILS: ReadonlySet<string> = new Set(['payer_name', 'gl_account_id']);

/** The integer columns of the tables the writer fills; every other column is text. */
const BIGINT_COLUMNS: ReadonlySet<string> = new Set([
  'id',
  'order_id',
  'payee_id',
  'amount_cents',
  'amount_refunded_cents',
  'convenience_fee_cents',
  'tax_cents',
  'shipping_cents',
  'first_seen_run_id',
  'transaction_id',
  'delta_cents',
  'sync_run_id',
]);

const typed = (names: readonly string[]) => typedColumns(names, BIGINT_COLUMNS);
const ID = { name: 'id', type: 'bigint' } as const;

const TRANSACTION_COLUMNS = ['id', ...COLUMNS, 'first_seen_at', 'updated_at', 'first_seen_run_id', 'first_status'];
/**
 * A row the unit's own read did not find is new (only the sync adds transactions): a plain INSERT,
 * without the conflict check and speculative insertion an upsert pays for every row (a fifth of the
 * insert's time on PostgreSQL, measured on 300,000 rows).
 */
const insertTransactions: BulkInsert = { kind: 'insert', table: 'transactions', columns: typed(TRANSACTION_COLUMNS) };
const updateTransactions: BulkUpdate = {
  kind: 'update',
  table: 'transactions',
  key: ID,
  columns: typed([...COLUMNS, 'updated_at']),
  keepWhenNull: KEPT_DETAILS,
};
const fillDigests: BulkUpdate = { kind: 'update', table: 'transactions', key: ID, columns: typed(['raw_digest']) };

const ITEM_UPDATES = ['item_name', 'amount_cents', 'gl_account_id', 'student_number', 'student_name', 'raw'];
const ITEM_COLUMNS = typed(['transaction_id', 'item_id', ...ITEM_UPDATES]);
const deleteItems: BulkStatement = {
  kind: 'delete',
  table: 'transaction_items',
  key: { name: 'transaction_id', type: 'bigint' },
};
const insertItems: BulkInsert = { kind: 'insert', table: 'transaction_items', columns: ITEM_COLUMNS };
/** A stored transaction's items were deleted first, but a page may list an item twice. */
const upsertItems: BulkInsert = {
  ...insertItems,
  tail: `ON CONFLICT (transaction_id, item_id) DO UPDATE SET ${ITEM_UPDATES.map((c) => `${c} = excluded.${c}`).join(', ')}`,
};
const insertChanges: BulkInsert = {
  kind: 'insert',
  table: 'transaction_changes',
  columns: typed([
    'transaction_id',
    'kind',
    'from_status',
    'to_status',
    'delta_cents',
    'detail',
    'sync_run_id',
    'seen_at',
  ]),
};

/** What writing one row of a page comes to. */
interface RowWrite {
  id: number;
  /**
   * The row as its statement takes it: id and COLUMNS, then for a new row its first sighting
   * (insertTransactions) and for a stored one updated_at (updateTransactions). Made whole here, not
   * copied into a longer array when written: a first sync writes a million.
   */
  row: unknown[];
  status: TransactionStatus;
  /** Whether the row is stored already (an update) or new (an insert). */
  stored: boolean;
  /** Items only move when the transaction's JSON does (a new date alone leaves them be). */
  itemsChanged: boolean;
  parsed: ParsedTransaction;
  changes: DiffChange[];
}

interface PagePlan {
  writes: RowWrite[];
  /**
   * Rows unchanged but stored without their digest (before migration 012): given it, without
   * counting as an update, so the next re-read can leave them out.
   */
  digests: Array<[id: number, digest: string]>;
}

/**
 * The rows of a page that need writing, in page order, with their changes; adds the deposits of the
 * rows written (their old and new batch) to `touched`, for the tie-out checks after the run.
 */
function planPage(
  rows: readonly PageRow[],
  existing: Map<number, ExistingRow>,
  touched: Set<string>,
  now: string,
  runId: number | null,
): PagePlan {
  const writes: RowWrite[] = [];
  const digests: PagePlan['digests'] = [];
  // A transaction listed twice (a service's page should not, but may) is written once, as last listed.
  const lastListings = new Map(rows.map((row) => [row.parsed.value.id, row]));
  for (const { parsed, businessDate, fallbackDate } of lastListings.values()) {
    const tx = parsed.value;
    const old = existing.get(tx.id);
    const date = businessDate ?? old?.business_date ?? fallbackDate;
    if (old && old.raw === parsed.raw && old.business_date === date) {
      if (old.raw_digest !== parsed.digest) digests.push([tx.id, parsed.digest]);
      continue;
    }
    const row = [
      tx.id,
      tx.orderId,
      tx.payeeId,
      tx.paymentMethod,
      tx.status,
      tx.statusMessage,
      tx.amountCents,
      tx.amountRefundedCents,
      tx.convenienceFeeCents,
      tx.taxCents,
      tx.shippingCents,
      tx.batchId,
      tx.data,
      tx.payerName,
      tx.glAccountId,
      date,
      parsed.raw,
      parsed.digest,
    ];
    if (old) row.push(now);
    else row.push(now, now, runId, tx.status);
    const changes = diffTransaction(
      old && {
        status: old.status,
        amountCents: old.amount_cents,
        amountRefundedCents: old.amount_refunded_cents,
        convenienceFeeCents: old.convenience_fee_cents,
        taxCents: old.tax_cents,
        shippingCents: old.shipping_cents,
        payeeId: old.payee_id,
        batchId: old.batch_id,
      },
      tx,
    );
    const kept =
      changes.length === 1 && isRoutineFirstSighting(changes[0]!)
        ? []
        : changes.filter((change) => !isRoutineFirstSighting(change));
    if (tx.batchId !== null) touched.add(tx.batchId);
    if (old?.batch_id) touched.add(old.batch_id);
    writes.push({
      id: tx.id,
      row,
      status: tx.status,
      stored: old !== undefined,
      itemsChanged: !old || old.raw !== parsed.raw,
      parsed,
      changes: kept,
    });
  }
  return { writes, digests };
}

function tally(writes: readonly RowWrite[]): PageResult {
  const result: PageResult = { inserted: 0, updated: 0, changes: 0 };
  for (const write of writes) {
    if (write.stored) result.updated++;
    else result.inserted++;
    result.changes += write.changes.length;
  }
  return result;
}

/**
 * Writes a page of transactions in its caller's unit of work. The deposits of the rows it writes are
 * added to `touched`.
 */
export function* writeTransactionPageWork(
  target: WorkTarget,
  db: Kysely<Database>,
  rows: readonly PageRow[],
  runId: number | null,
  now: string,
  touched: Set<string>,
): Work<PageResult> {
  if (!rows.length) return { inserted: 0, updated: 0, changes: 0 };
  const { dialect } = target;
  const ids = rows.map((row) => row.parsed.value.id);
  const existing = new Map<number, ExistingRow>();
  for (const row of yield* rowsOf(
    db
      .selectFrom('transactions')
      .select([
        'id',
        'status',
        'amount_cents',
        'amount_refunded_cents',
        'convenience_fee_cents',
        'tax_cents',
        'shipping_cents',
        'payee_id',
        'batch_id',
        'business_date',
        'raw',
        'raw_digest',
      ])
      .where(dialect.inList('id', ids, 'bigint')),
  ))
    existing.set(Number(row.id), { ...row, id: Number(row.id) });
  const { writes, digests } = planPage(rows, existing, touched, now, runId);
  if (digests.length) yield* execute(dialect.bulk(fillDigests, digests));

  const [fresh, stored] = partition(writes, (write) => !write.stored);
  if (fresh.length)
    yield* execute(
      dialect.bulk(
        insertTransactions,
        fresh.map((write) => write.row),
      ),
    );
  if (stored.length)
    yield* execute(
      dialect.bulk(
        updateTransactions,
        stored.map((write) => write.row),
      ),
    );

  const replaced = stored.filter((write) => write.itemsChanged);
  if (replaced.length)
    yield* execute(
      dialect.bulk(
        deleteItems,
        replaced.map((write) => [write.id]),
      ),
    );
  const freshItems = itemRowsOf(fresh);
  if (freshItems.length) yield* execute(dialect.bulk(insertItems, freshItems));
  const storedItems = itemRowsOf(replaced);
  if (storedItems.length) yield* execute(dialect.bulk(upsertItems, storedItems));

  const changes = writes.flatMap((write) =>
    write.changes.map((change) => [
      write.id,
      change.kind,
      change.fromStatus,
      change.toStatus,
      change.deltaCents,
      change.detail,
      runId,
      now,
    ]),
  );
  if (changes.length) yield* execute(dialect.bulk(insertChanges, changes));
  return tally(writes);
}

/** The item rows of these writes, each (transaction, item) once: the last listing wins. */
function itemRowsOf(writes: readonly RowWrite[]): ReadonlyArray<readonly unknown[]> {
  const items = new Map<string, ParsedTransaction['items'][number]>();
  for (const write of writes)
    for (const item of write.parsed.items) items.set(`${item.transactionId}\u0000${item.itemId}`, item);
  return [...items.values()].map(itemValues);
}

/** An item's values in the order of both dialects' item statements (ITEM_COLUMNS). */
function itemValues(item: ParsedTransaction['items'][number]) {
  return [
    item.transactionId,
    item.itemId,
    item.itemName,
    item.amountCents,
    item.glAccountId,
    item.studentNumber,
    item.studentName,
    item.raw,
  ] as const;
}

function partition<T>(values: readonly T[], test: (value: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const value of values) (test(value) ? yes : no).push(value);
  return [yes, no];
}

/** A new sale that is simply Pending or Settled: it starts the timeline but needs no review (and no row). */
export function isRoutineFirstSighting(change: Pick<DiffChange, 'kind' | 'toStatus'>): boolean {
  return change.kind === 'first_seen' && (change.toStatus === 'Pending' || change.toStatus === 'Settled');
}
