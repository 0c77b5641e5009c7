/**
 * What the transaction views ask: a page (newest first, keyset on (business_date, id), never
 * OFFSET), a count, one transaction with its items and timeline. A filter on several statuses or
 * payees runs one index range per value, each limited, merged by SQLite: every branch reads at most
 * a page of rows whatever the table's size.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { ReadableDB } from './handles';
import type { Page, TransactionDetail, TransactionFilter } from '../../../shared/contract';
import { ContractError } from '../../../shared/contract';
import type {
  Change,
  ChangeKind,
  PaymentMethod,
  PurchasedItem,
  Transaction,
  TransactionStatus,
} from '../../../shared/domain';
import type { ChangeRow, TransactionRow } from './schema';

const COLUMNS = `id, order_id, payee_id, payment_method, status, status_message, amount_cents, amount_refunded_cents,
  convenience_fee_cents, tax_cents, shipping_cents, batch_id, data, payer_name, gl_account_id, business_date`;

type Param = string | number;

interface Where {
  clauses: string[];
  params: Param[];
}

export const isFullText = (search: string) => !/^\d{1,15}$/.test(search) && [...search].length >= 3;
const ftsPhrase = (search: string) => `"${search.replace(/"/g, '""')}"`;

export function baseWhere(
  filter: TransactionFilter,
  skip?: 'statuses' | 'payeeIds',
  options: { ftsJoined?: boolean } = {},
): Where {
  const clauses: string[] = [];
  const params: Param[] = [];
  const inList = (column: string, values: readonly Param[]) => {
    clauses.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (filter.statuses?.length && skip !== 'statuses') inList('status', filter.statuses);
  if (filter.payeeIds?.length && skip !== 'payeeIds') inList('payee_id', filter.payeeIds);
  if (filter.methods?.length) inList('payment_method', filter.methods);
  if (filter.from) {
    clauses.push('business_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    clauses.push('business_date <= ?');
    params.push(filter.to);
  }
  if (filter.batchId) {
    clauses.push('batch_id = ?');
    params.push(filter.batchId);
  }
  const search = filter.search?.trim();
  if (search) {
    if (/^\d{1,15}$/.test(search)) {
      clauses.push('(id = ? OR order_id = ?)');
      params.push(Number(search), Number(search));
    } else if (isFullText(search)) {
      // Trigram FTS (a substring match, the term quoted as one phrase); the list joins it instead.
      if (!options.ftsJoined) {
        clauses.push('id IN (SELECT rowid FROM transactions_search WHERE transactions_search MATCH ?)');
        params.push(ftsPhrase(search));
      }
    } else {
      clauses.push(`(payer_name LIKE ? ESCAPE '\\' OR data LIKE ? ESCAPE '\\')`);
      const like = `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      params.push(like, like);
    }
  }
  return { clauses, params };
}

export function encodeCursor(row: { business_date: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.business_date, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, number] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isInteger(value[1]))
      return [value[0], value[1] as number];
  } catch {
    // fall through
  }
  throw new ContractError('BAD_ARGUMENTS', 'The page cursor is not one District Recon gave out; reload the list.');
}

export function listTransactions(
  { sqlite }: ReadableDB,
  filter: TransactionFilter,
  cursor: string | null | undefined,
  limit: number,
): Page<Transaction> {
  const split: 'statuses' | 'payeeIds' | undefined =
    (filter.statuses?.length ?? 0) > 1 ? 'statuses' : (filter.payeeIds?.length ?? 0) > 1 ? 'payeeIds' : undefined;
  const keyset = cursor ? decodeCursor(cursor) : null;
  const search = filter.search?.trim();
  if (search && isFullText(search)) return searchTransactions(sqlite, filter, search, keyset, limit);
  const branch = (extra: Where): { sql: string; params: Param[] } => {
    const where = baseWhere(filter, split);
    where.clauses.push(...extra.clauses);
    where.params.push(...extra.params);
    if (keyset) {
      // A row-value comparison: an index range, not a scan.
      where.clauses.push('(business_date, id) < (?, ?)');
      where.params.push(keyset[0], keyset[1]);
    }
    return {
      sql: `SELECT ${COLUMNS} FROM transactions ${where.clauses.length ? 'WHERE ' + where.clauses.join(' AND ') : ''}
            ORDER BY business_date DESC, id DESC LIMIT ${limit + 1}`,
      params: where.params,
    };
  };
  let query: { sql: string; params: Param[] };
  if (split) {
    const column = split === 'statuses' ? 'status' : 'payee_id';
    const values = (split === 'statuses' ? filter.statuses : filter.payeeIds) as Param[];
    const branches = values.map((value) => branch({ clauses: [`${column} = ?`], params: [value] }));
    query = {
      sql: `${branches.map((b) => `SELECT * FROM (${b.sql})`).join(' UNION ALL ')} ORDER BY business_date DESC, id DESC LIMIT ${limit + 1}`,
      params: branches.flatMap((b) => b.params),
    };
  } else {
    query = branch({ clauses: [], params: [] });
  }
  const rows = sqlite.prepare(query.sql).all(...query.params) as TransactionRow[];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page.map(toTransaction), nextCursor: more ? encodeCursor(page.at(-1)!) : null };
}

/**
 * Text search walks the trigram index newest transaction first (FTS5 streams rowids in descending
 * order) and stops at a page: a common name costs a page of lookups, not a sort of every match.
 * Search results are ordered by transaction number, newest first.
 */
function searchTransactions(
  sqlite: BetterSqlite3.Database,
  filter: TransactionFilter,
  search: string,
  keyset: [string, number] | null,
  limit: number,
): Page<Transaction> {
  const where = baseWhere(filter, undefined, { ftsJoined: true });
  // A phrase of several words reads every word's trigram lists (a common word makes that slow):
  // match the rarest-looking word in the index, then check the whole phrase on the few rows found.
  const words = search.split(/\s+/).filter((word) => [...word].length >= 3);
  const key = words.length > 1 ? [...words].sort((a, b) => rarity(b) - rarity(a))[0]! : search;
  if (key !== search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.clauses.push(`(payer_name LIKE ? ESCAPE '\\' OR data LIKE ? ESCAPE '\\')`);
    where.params.push(like, like);
  }
  const clauses = [
    'transactions_search MATCH ?',
    ...where.clauses.map((c) =>
      c.replace(/\b(id|order_id|payee_id|payment_method|status|business_date|batch_id|payer_name|data)\b/g, 't.$1'),
    ),
  ];
  const params: Param[] = [ftsPhrase(key), ...where.params];
  if (keyset) {
    clauses.push('s.rowid < ?');
    params.push(keyset[1]);
  }
  const rows = sqlite
    .prepare(
      `SELECT ${COLUMNS.split(',')
        .map((c) => 't.' + c.trim())
        .join(', ')} FROM transactions_search s JOIN transactions t ON t.id = s.rowid
        WHERE ${clauses.join(' AND ')} ORDER BY s.rowid DESC LIMIT ${limit + 1}`,
    )
    .all(...params) as TransactionRow[];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page.map(toTransaction), nextCursor: more ? encodeCursor(page.at(-1)!) : null };
}

/** Digits and length make a word rarer among names and item texts. */
function rarity(word: string): number {
  return [...word].length + (/\d/.test(word) ? 10 : 0);
}

export function countTransactions({ sqlite }: ReadableDB, filter: TransactionFilter): number {
  const where = baseWhere(filter);
  const row = sqlite
    .prepare(
      `SELECT COUNT(*) AS count FROM transactions ${where.clauses.length ? 'WHERE ' + where.clauses.join(' AND ') : ''}`,
    )
    .get(...where.params) as { count: number };
  return row.count;
}

export function getTransaction({ sqlite }: ReadableDB, id: number): TransactionDetail {
  const row = sqlite
    .prepare(`SELECT ${COLUMNS}, first_seen_at, first_seen_run_id, first_status FROM transactions WHERE id = ?`)
    .get(id) as TransactionRow | undefined;
  if (!row)
    throw new ContractError('NOT_FOUND', `Transaction ${id} is not in the local copy. Sync, or check the number.`);
  const items = sqlite
    .prepare('SELECT * FROM transaction_items WHERE transaction_id = ? ORDER BY item_id')
    .all(id) as Array<{
    transaction_id: number;
    item_id: string;
    item_name: string | null;
    amount_cents: number;
    gl_account_id: string | null;
    student_number: string | null;
    student_name: string | null;
  }>;
  const changes = sqlite
    .prepare('SELECT * FROM transaction_changes WHERE transaction_id = ? ORDER BY id')
    .all(id) as ChangeRow[];
  const payee = sqlite.prepare('SELECT name FROM payees WHERE id = ?').get(row.payee_id) as
    { name: string } | undefined;
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
function withFirstSighting(row: TransactionRow, stored: Change[]): Change[] {
  if (stored.some((c) => c.kind === 'first_seen')) return stored;
  const firstSeen: Change = {
    id: -row.id,
    transactionId: row.id,
    batchId: row.batch_id,
    kind: 'first_seen',
    fromStatus: null,
    toStatus: (row.first_status ?? row.status) as TransactionStatus,
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
    Exclude<keyof TransactionRow, 'raw' | 'first_seen_at' | 'updated_at' | 'first_seen_run_id' | 'first_status'>
  >,
): Transaction {
  return {
    id: row.id,
    orderId: row.order_id,
    payeeId: row.payee_id,
    paymentMethod: row.payment_method as PaymentMethod,
    status: row.status as TransactionStatus,
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
    kind: row.kind as ChangeKind,
    fromStatus: row.from_status as TransactionStatus | null,
    toStatus: row.to_status as TransactionStatus,
    deltaCents: row.delta_cents,
    detail: row.detail,
    syncRunId: row.sync_run_id,
    seenAt: row.seen_at,
    acknowledgedAt: row.acknowledged_at,
  };
}
