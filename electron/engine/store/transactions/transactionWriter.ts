/**
 * The sync's hot path: writing a page of transactions, inside the page's unit of work
 * (syncCommit.ts). Each row goes through the differ; a row whose raw JSON and business date are
 * unchanged is not touched, so re-reading the refresh window costs a read, not a write.
 *
 * Two ways to write the same rows and change records: on SQLite, statements prepared once per
 * connection and run row by row (the unit runs synchronously inside better-sqlite3's transaction, so
 * this is as fast as the sync was before units of work); on PostgreSQL, where each statement is a
 * round trip, one INSERT … ON CONFLICT per page for the transactions and one for their items, the
 * rows passed as one array per column (columnarRows.ts).
 *
 * A routine first sighting (a new Pending or Settled sale) is not stored as a change: it is the
 * day's routine, not something to review, and the timeline rebuilds its "first seen" from the
 * transaction's first_status, first_seen_at and first_seen_run_id (see getTransaction). That saves
 * a row and two index entries per new sale: most of the rows a first full sync would write.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { TransactionStatus, ReceivedTransaction as ParsedTransaction } from '../../../../shared/domain';
import { diffTransaction, type DiffChange } from '../../differ/diff';
import { chunks } from '../work/chunks';
import { columnarInsert, columnarUpdate, type Column } from '../dialect/columnarRows';
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

/** The integer columns of the two tables the writer fills; every other column is text. */
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
]);

const typed = (names: readonly string[]): Column[] =>
  names.map((name) => ({ name, type: BIGINT_COLUMNS.has(name) ? 'bigint' : 'text' }));

const TRANSACTION_COLUMNS = ['id', ...COLUMNS, 'first_seen_at', 'updated_at', 'first_seen_run_id', 'first_status'];
const insertTransactionRows = columnarInsert('transactions', typed(TRANSACTION_COLUMNS), '');
const upsertTransactionRows = columnarInsert(
  'transactions',
  typed(TRANSACTION_COLUMNS),
  `ON CONFLICT (id) DO UPDATE SET ${[
    ...COLUMNS.map((column) =>
      KEPT_DETAILS.has(column)
        ? `${column} = coalesce(excluded.${column}, transactions.${column})`
        : `${column} = excluded.${column}`,
    ),
    'updated_at = excluded.updated_at',
  ].join(', ')}`,
);

const fillDigestRows = columnarUpdate('transactions', { name: 'id', type: 'bigint' }, [
  { name: 'raw_digest', type: 'text' },
]);

const ITEM_UPDATES = ['item_name', 'amount_cents', 'gl_account_id', 'student_number', 'student_name', 'raw'];
const ITEM_COLUMNS = typed(['transaction_id', 'item_id', ...ITEM_UPDATES]);
const insertItemRows = columnarInsert('transaction_items', ITEM_COLUMNS, '');
const upsertItemRows = columnarInsert(
  'transaction_items',
  ITEM_COLUMNS,
  `ON CONFLICT (transaction_id, item_id) DO UPDATE SET ${ITEM_UPDATES.map((c) => `${c} = excluded.${c}`).join(', ')}`,
);

/** What writing one row of a page comes to. */
interface RowWrite {
  id: number;
  /** In the order of COLUMNS. */
  values: unknown[];
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
function planPage(rows: readonly PageRow[], existing: Map<number, ExistingRow>, touched: Set<string>): PagePlan {
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
    const values = [
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
    ).filter((change) => !isRoutineFirstSighting(change));
    if (tx.batchId !== null) touched.add(tx.batchId);
    if (old?.batch_id) touched.add(old.batch_id);
    writes.push({
      id: tx.id,
      values,
      status: tx.status,
      stored: old !== undefined,
      itemsChanged: !old || old.raw !== parsed.raw,
      parsed,
      changes,
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
  // On SQLite the unit runs synchronously inside its transaction: the prepared statements join it.
  if (target.sqlite) return sqliteWriter(target.sqlite).writePage(rows, runId, now, touched);
  const existing = new Map<number, ExistingRow>();
  for (const ids of chunks(rows.map((row) => row.parsed.value.id)))
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
        .where('id', 'in', ids),
    ))
      existing.set(Number(row.id), { ...row, id: Number(row.id), status: row.status as TransactionStatus });
  const { writes, digests } = planPage(rows, existing, touched);
  yield* upsertTransactions(db, writes, runId, now);
  if (digests.length) yield* execute(fillDigestRows(digests));
  return tally(writes);
}

function* upsertTransactions(
  db: Kysely<Database>,
  writes: readonly RowWrite[],
  runId: number | null,
  now: string,
): Work<void> {
  // A row the unit's own read did not find is new (only the sync adds transactions): a plain INSERT,
  // as on SQLite, without the conflict check and speculative insertion an upsert pays for every row
  // (a fifth of the insert's time on the server, measured on 300,000 rows).
  const [fresh, stored] = partition(writes, (write) => !write.stored);
  const transactionRow = (write: RowWrite) => [write.id, ...write.values, now, now, runId, write.status];
  if (fresh.length) yield* execute(insertTransactionRows(fresh.map(transactionRow)));
  if (stored.length) yield* execute(upsertTransactionRows(stored.map(transactionRow)));

  const replacedItems = stored.filter((write) => write.itemsChanged).map((write) => write.id);
  for (const ids of chunks(replacedItems))
    yield* execute(db.deleteFrom('transaction_items').where('transaction_id', 'in', ids));
  // A new transaction's items are new too; a stored one's were deleted just above, but an upsert
  // still guards them against a page that lists an item twice.
  const freshItems = itemRowsOf(fresh);
  if (freshItems.length) yield* execute(insertItemRows(freshItems));
  const storedItems = itemRowsOf(stored.filter((write) => write.itemsChanged));
  if (storedItems.length) yield* execute(upsertItemRows(storedItems));
  const changes = writes.flatMap((write) =>
    write.changes.map((change) => ({
      transaction_id: write.id,
      kind: change.kind,
      from_status: change.fromStatus,
      to_status: change.toStatus,
      delta_cents: change.deltaCents,
      detail: change.detail,
      sync_run_id: runId,
      seen_at: now,
    })),
  );
  for (const slice of chunks(changes)) yield* execute(db.insertInto('transaction_changes').values(slice));
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

const sqliteWriters = new WeakMap<BetterSqlite3.Database, SqliteTransactionWriter>();

function sqliteWriter(sqlite: BetterSqlite3.Database): SqliteTransactionWriter {
  let writer = sqliteWriters.get(sqlite);
  if (!writer) {
    writer = new SqliteTransactionWriter(sqlite);
    sqliteWriters.set(sqlite, writer);
  }
  return writer;
}

/** SQLite's way: statements compiled once per connection, positional parameters, one row at a time. */
class SqliteTransactionWriter {
  private readonly selectExisting: BetterSqlite3.Statement<[string], ExistingRow>;
  private readonly insert: BetterSqlite3.Statement;
  private readonly update: BetterSqlite3.Statement;
  private readonly deleteItems: BetterSqlite3.Statement;
  private readonly insertItem: BetterSqlite3.Statement;
  private readonly insertChange: BetterSqlite3.Statement;
  private readonly fillDigest: BetterSqlite3.Statement;

  constructor(sqlite: BetterSqlite3.Database) {
    this.selectExisting = sqlite.prepare(
      `SELECT id, status, amount_cents, amount_refunded_cents, convenience_fee_cents, tax_cents, shipping_cents,
              payee_id, batch_id, business_date, raw, raw_digest
         FROM transactions WHERE id IN (SELECT value FROM json_each(?))`,
    );
    // Positional parameters (binding by name costs a lookup per column per row on the hot path):
    // the id, then COLUMNS in order, then the times and the run.
    this.insert = sqlite.prepare(
      `INSERT INTO transactions (id, ${COLUMNS.join(', ')}, first_seen_at, updated_at, first_seen_run_id, first_status)
       VALUES (?, ${COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?)`,
    );
    this.update = sqlite.prepare(
      `UPDATE transactions SET ${COLUMNS.map((c) => (KEPT_DETAILS.has(c) ? `${c} = COALESCE(?, ${c})` : `${c} = ?`)).join(', ')},
         updated_at = ? WHERE id = ?`,
    );
    this.fillDigest = sqlite.prepare('UPDATE transactions SET raw_digest = ? WHERE id = ?');
    this.deleteItems = sqlite.prepare('DELETE FROM transaction_items WHERE transaction_id = ?');
    this.insertItem = sqlite.prepare(
      `INSERT OR REPLACE INTO transaction_items (transaction_id, item_id, item_name, amount_cents, gl_account_id, student_number, student_name, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertChange = sqlite.prepare(
      `INSERT INTO transaction_changes (transaction_id, kind, from_status, to_status, delta_cents, detail, sync_run_id, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  writePage(rows: readonly PageRow[], runId: number | null, now: string, touched: Set<string>): PageResult {
    const existing = new Map<number, ExistingRow>();
    for (const row of this.selectExisting.all(JSON.stringify(rows.map((r) => r.parsed.value.id))))
      existing.set(row.id, row);
    const { writes, digests } = planPage(rows, existing, touched);
    for (const [id, digest] of digests) this.fillDigest.run(digest, id);
    for (const write of writes) {
      if (write.stored) {
        this.update.run(...write.values, now, write.id);
        if (write.itemsChanged) this.deleteItems.run(write.id);
      } else {
        this.insert.run(write.id, ...write.values, now, now, runId, write.status);
      }
      if (write.itemsChanged) for (const item of write.parsed.items) this.insertItem.run(...itemValues(item));
      for (const change of write.changes)
        this.insertChange.run(
          write.id,
          change.kind,
          change.fromStatus,
          change.toStatus,
          change.deltaCents,
          change.detail,
          runId,
          now,
        );
    }
    return tally(writes);
  }
}

/** A new sale that is simply Pending or Settled: it starts the timeline but needs no review (and no row). */
export function isRoutineFirstSighting(change: Pick<DiffChange, 'kind' | 'toStatus'>): boolean {
  return change.kind === 'first_seen' && (change.toStatus === 'Pending' || change.toStatus === 'Settled');
}
