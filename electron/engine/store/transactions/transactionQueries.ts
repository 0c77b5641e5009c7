/**
 * What the transaction views ask: a page (newest first, keyset on (business_date, id), never
 * OFFSET), a count, one transaction with its items and timeline. A filter on several statuses or
 * payees runs one index range per value, each limited, merged in order: every branch reads at most
 * a page of rows whatever the table's size. Written once as kysely SQL for both dialects; text
 * search is the one place the dialects differ, and their dialect answers it (dialect/textSearch.ts).
 */
import { sql } from 'kysely';
import type { ReadableDB } from '../work/handles';
import type { Page, PageRequest, TransactionDetail, TransactionFilter } from '../../../../shared/contract';
import { ContractError } from '../../../../shared/contract';
import { decodePageCursor, encodePageCursor } from '../work/pageCursor';
import type { Change, PurchasedItem, Transaction } from '../../../../shared/domain';
import { TRANSACTION_FIELDS, type ChangeRow, type TransactionRow } from '../schema';
import { compiledOnce } from '../dialect/bulk';
import { firstOf, rowsOf, runRead } from '../work/work';
import { textLike, type Clause } from '../dialect/textSearch';

/** What the views show of a transaction (toTransaction): everything but its raw JSON and sync bookkeeping. */
export const VIEWED_TRANSACTION_COLUMNS = ['id', ...TRANSACTION_FIELDS] as const;
export type ViewedTransactionRow = Pick<TransactionRow, (typeof VIEWED_TRANSACTION_COLUMNS)[number]>;

export const isFullText = (search: string) => !/^\d{1,15}$/.test(search) && [...search].length >= 3;

/** The columns of `table` (an alias in a join, or none). */
const column = (name: string, table?: string) => sql.ref(table ? `${table}.${name}` : name);

/**
 * The filter as WHERE clauses. Text search (isFullText) is the dialect's match, left out when the
 * caller searches itself (the dialect's newestMatches).
 */
export function baseWhere(
  reader: ReadableDB,
  filter: TransactionFilter,
  skip?: 'statuses' | 'payeeIds',
  options: { searched?: boolean; table?: string } = {},
): Clause[] {
  const { table } = options;
  const clauses: Clause[] = [];
  const inList = (name: string, values: ReadonlyArray<string | number>) =>
    clauses.push(sql`${column(name, table)} IN (${sql.join(values)})`);
  if (filter.statuses?.length && skip !== 'statuses') inList('status', filter.statuses);
  if (filter.payeeIds?.length && skip !== 'payeeIds') inList('payee_id', filter.payeeIds);
  if (filter.methods?.length) inList('payment_method', filter.methods);
  if (filter.from) clauses.push(sql`${column('business_date', table)} >= ${filter.from}`);
  if (filter.to) clauses.push(sql`${column('business_date', table)} <= ${filter.to}`);
  if (filter.batchId) clauses.push(sql`${column('batch_id', table)} = ${filter.batchId}`);
  const search = filter.search?.trim();
  if (search) {
    if (/^\d{1,15}$/.test(search)) {
      clauses.push(
        sql`(${column('id', table)} = ${Number(search)} OR ${column('order_id', table)} = ${Number(search)})`,
      );
    } else if (isFullText(search)) {
      if (!options.searched) clauses.push(reader.dialect.search.matches(search, (name) => column(name, table)));
    } else {
      clauses.push(textLike(search, (name) => column(name, table)));
    }
  }
  return clauses;
}

/** `WHERE a AND b`, or nothing. */
export const whereOf = (clauses: readonly Clause[]): Clause =>
  clauses.length ? sql`WHERE ${sql.join(clauses, sql` AND `)}` : sql``;

export function encodeCursor(row: { business_date: string; id: number }): string {
  return encodePageCursor({ date: row.business_date, id: row.id });
}

function decodeCursor(cursor: string): [string, number] {
  const { date, id } = decodePageCursor(cursor);
  return [date, id];
}

/** Which filter list runs as one index range per value (see the file's note). */
export function splitOf(filter: TransactionFilter): 'statuses' | 'payeeIds' | undefined {
  return (filter.statuses?.length ?? 0) > 1 ? 'statuses' : (filter.payeeIds?.length ?? 0) > 1 ? 'payeeIds' : undefined;
}

/** The branches of a split filter: one extra clause per status or payee. */
export function splitClauses(filter: TransactionFilter, split: 'statuses' | 'payeeIds'): Clause[] {
  const name = split === 'statuses' ? 'status' : 'payee_id';
  const values = (split === 'statuses' ? filter.statuses : filter.payeeIds) as ReadonlyArray<string | number>;
  return values.map((value) => sql`${sql.ref(name)} = ${value}`);
}

const selectList = (table?: string) => sql.join(VIEWED_TRANSACTION_COLUMNS.map((name) => column(name, table)));

export async function listTransactions(
  reader: ReadableDB,
  { filter, cursor, limit }: PageRequest<TransactionFilter>,
): Promise<Page<Transaction>> {
  const split = splitOf(filter);
  const keyset = cursor ? decodeCursor(cursor) : null;
  const search = filter.search?.trim();
  if (search && isFullText(search)) return searchTransactions(reader, filter, search, keyset, limit);
  const order = sql`ORDER BY business_date DESC, id DESC LIMIT ${sql.lit(limit + 1)}`;
  const branch = (extra: Clause[]): Clause => {
    const clauses = [...baseWhere(reader, filter, split), ...extra];
    // A row-value comparison: an index range, not a scan.
    if (keyset) clauses.push(sql`(business_date, id) < (${keyset[0]}, ${keyset[1]})`);
    return sql`SELECT ${selectList()} FROM transactions ${whereOf(clauses)} ${order}`;
  };
  const query = split
    ? sql<ViewedTransactionRow>`${sql.join(
        splitClauses(filter, split).map((clause, i) => sql`SELECT * FROM (${branch([clause])}) AS ${sql.id(`b${i}`)}`),
        sql` UNION ALL `,
      )} ${order}`
    : sql<ViewedTransactionRow>`${branch([])}`;
  const { rows } = await query.execute(reader.db);
  return pageOf(rows, limit);
}

/** Search results are ordered by transaction number, newest first, on both dialects. */
async function searchTransactions(
  reader: ReadableDB,
  filter: TransactionFilter,
  search: string,
  keyset: [string, number] | null,
  limit: number,
): Promise<Page<Transaction>> {
  const { rows } = await reader.dialect.search
    .newestMatches<ViewedTransactionRow>({
      search,
      select: selectList,
      where: (table) => baseWhere(reader, filter, undefined, { searched: true, table }),
      beforeId: keyset ? keyset[1] : null,
      limit,
    })
    .execute(reader.db);
  return pageOf(rows, limit);
}

function pageOf(rows: ViewedTransactionRow[], limit: number): Page<Transaction> {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page.map(toTransaction), nextCursor: more ? encodeCursor(page.at(-1)!) : null };
}

export async function countTransactions(reader: ReadableDB, filter: TransactionFilter): Promise<number> {
  const { rows } = await sql<{ count: number }>`SELECT COUNT(*) AS count FROM transactions ${whereOf(
    baseWhere(reader, filter),
  )}`.execute(reader.db);
  return Number(rows[0]?.count ?? 0);
}

// A transaction's detail is opened one at a time, often: its four queries are compiled once (bulk.ts).
const transactionById = compiledOnce((db, id: number) =>
  db
    .selectFrom('transactions')
    .select([...VIEWED_TRANSACTION_COLUMNS, 'first_seen_at', 'first_seen_run_id', 'first_status'])
    .where('id', '=', id),
);
const itemsOf = compiledOnce((db, id: number) =>
  db.selectFrom('transaction_items').selectAll().where('transaction_id', '=', id).orderBy('item_id'),
);
const changesOf = compiledOnce((db, id: number) =>
  db.selectFrom('transaction_changes').selectAll().where('transaction_id', '=', id).orderBy('id'),
);
const payeeName = compiledOnce((db, id: number) => db.selectFrom('payees').select('name').where('id', '=', id));

export async function getTransaction(reader: ReadableDB, id: number): Promise<TransactionDetail> {
  const found = await runRead(reader, function* (db) {
    const row = yield* firstOf(transactionById(db, id));
    if (!row) return undefined;
    return {
      row,
      items: yield* rowsOf(itemsOf(db, id)),
      changes: yield* rowsOf(changesOf(db, id)),
      payee: yield* firstOf(payeeName(db, row.payee_id)),
    };
  });
  if (!found)
    throw new ContractError('NOT_FOUND', `Transaction ${id} is not in the local copy. Sync, or check the number.`);
  const { row, items, changes, payee } = found;
  return {
    transaction: toTransaction(row),
    items: items.map((item): PurchasedItem => ({
      transactionId: item.transaction_id,
      itemId: item.item_id,
      itemName: item.item_name,
      amountCents: item.amount_cents,
      glAccountId: item.gl_account_id,
      studentNumber: item.student_number,
      studentName: item.student_name,
    })),
    changes: withFirstSighting(
      row,
      changes.map((c) => toChange({ ...c, batch_id: row.batch_id })),
    ),
    payeeName: payee?.name ?? null,
  };
}

/**
 * A routine first sighting (a new Pending or Settled sale) is not stored (see TransactionWriter), so
 * the timeline's "first seen" is rebuilt from the transaction row when no stored one exists. It was
 * never something to review, so it reads as reviewed when seen. Its id, minus the transaction's,
 * can clash with no stored change (those ids are positive).
 */
function withFirstSighting(
  row: Pick<TransactionRow, 'id' | 'batch_id' | 'status' | 'first_status' | 'first_seen_at' | 'first_seen_run_id'>,
  stored: Change[],
): Change[] {
  if (stored.some((c) => c.kind === 'first_seen')) return stored;
  const firstSeen: Change = {
    id: -row.id,
    transactionId: row.id,
    batchId: row.batch_id,
    kind: 'first_seen',
    fromStatus: null,
    toStatus: row.first_status ?? row.status,
    deltaCents: null,
    detail: null,
    syncRunId: row.first_seen_run_id,
    seenAt: row.first_seen_at,
    acknowledgedAt: row.first_seen_at,
  };
  return [firstSeen, ...stored];
}

export function toTransaction(
  row: Pick<
    TransactionRow,
    Exclude<
      keyof TransactionRow,
      'raw' | 'raw_digest' | 'first_seen_at' | 'updated_at' | 'first_seen_run_id' | 'first_status' | 'payer_search'
    >
  >,
): Transaction {
  return {
    id: row.id,
    orderId: row.order_id,
    payeeId: row.payee_id,
    paymentMethod: row.payment_method,
    status: row.status,
    statusMessage: row.status_message,
    amountCents: row.amount_cents,
    amountRefundedCents: row.amount_refunded_cents,
    convenienceFeeCents: row.convenience_fee_cents,
    taxCents: row.tax_cents,
    shippingCents: row.shipping_cents,
    batchId: row.batch_id,
    data: row.data,
    payerName: row.payer_name,
    glAccountId: row.gl_account_id,
    businessDate: row.business_date,
  };
}

export function toChange(
  row: Pick<
    ChangeRow,
    | 'id'
    | 'transaction_id'
    | 'kind'
    | 'from_status'
    | 'to_status'
    | 'delta_cents'
    | 'detail'
    | 'sync_run_id'
    | 'seen_at'
    | 'acknowledged_at'
  > & { batch_id: string | null },
): Change {
  return {
    id: row.id,
    transactionId: row.transaction_id,
    batchId: row.batch_id,
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    deltaCents: row.delta_cents,
    detail: row.detail,
    syncRunId: row.sync_run_id,
    seenAt: row.seen_at,
    acknowledgedAt: row.acknowledged_at,
  };
}
