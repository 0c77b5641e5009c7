/**
 * The facts reversals are derived from (DESIGN.md §6, docs/reversals.md): the sync already records
 * every refund, ACH return and settled void in transaction_changes, so reversals are read from there,
 * never written a second time. Queries are compiled by kysely and run on the given better-sqlite3
 * connection, so the export can read them from its snapshot connection and agree with its GL rows.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface ReversalConnection {
  db: Kysely<Database>;
  sqlite: BetterSqlite3.Database;
}

export interface ReversalScope {
  /** ISO-8601 UTC instants: seen_at in [seenFrom, seenBefore). */
  seenFrom?: string;
  seenBefore?: string;
  payeeIds?: readonly number[];
  methods?: readonly string[];
  batchId?: string;
}

/** A change that takes money back, with what its transaction posted in its deposit. */
export interface ReversalChangeRow {
  changeId: number;
  transactionId: number;
  /** refunded | returned | voided_after_settlement | first_seen (already Returned or Voided). */
  changeKind: string;
  toStatus: string;
  deltaCents: number | null;
  seenAt: string;
  amountCents: number;
  feeCents: number;
  taxCents: number;
  shippingCents: number;
  ownGlNumber: string | null;
  batchId: string;
  batchDate: string;
  payeeId: number;
  payeeName: string | null;
  paymentMethod: string;
}

export interface PostedItemRow {
  transactionId: number;
  glNumber: string | null;
  amountCents: number;
}

/** A GL line of a deposit that carries only fees, tax or shipping. */
export interface PartLineRow {
  batchId: string;
  part: 'fee' | 'tax' | 'shipping';
  glNumber: string | null;
}

const CHUNK = 500;

/**
 * The kinds of change that take money back. A transaction first seen already Returned or Voided while
 * batched was returned or voided after settlement before we looked; its refunds at first sight are a
 * `refunded` change of their own (the differ records both).
 */
export function isReversal(db: Kysely<Database>) {
  return db
    .selectFrom('transaction_changes as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .innerJoin('batches as b', 'b.id', 't.batch_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('c.kind', '=', 'refunded'), eb('c.delta_cents', '>', 0)]),
        eb('c.kind', 'in', ['returned', 'voided_after_settlement']),
        eb.and([eb('c.kind', '=', 'first_seen'), eb('c.to_status', 'in', ['Returned', 'Voided'])]),
      ]),
    );
}

function run<T>(conn: ReversalConnection, query: { sql: string; parameters: readonly unknown[] }): T[] {
  return conn.sqlite.prepare(query.sql).all(...query.parameters) as T[];
}

/** Transactions with a reversal in scope. */
export function transactionsReversedIn(conn: ReversalConnection, scope: ReversalScope): number[] {
  let query = isReversal(conn.db).select('c.transaction_id as id').distinct();
  if (scope.seenFrom) query = query.where('c.seen_at', '>=', scope.seenFrom);
  if (scope.seenBefore) query = query.where('c.seen_at', '<', scope.seenBefore);
  if (scope.payeeIds?.length) query = query.where('b.payee_id', 'in', [...scope.payeeIds]);
  if (scope.methods?.length) query = query.where('b.payment_method', 'in', [...scope.methods]);
  if (scope.batchId !== undefined) query = query.where('b.id', '=', scope.batchId);
  return run<{ id: number }>(conn, query.orderBy('id').compile()).map((row) => row.id);
}

/** Every reversal change of these transactions, whenever seen: earlier ones decide what is left. */
export function reversalChangesOf(conn: ReversalConnection, transactionIds: readonly number[]): ReversalChangeRow[] {
  const rows: ReversalChangeRow[] = [];
  for (let at = 0; at < transactionIds.length; at += CHUNK) {
    const ids = transactionIds.slice(at, at + CHUNK);
    const query = isReversal(conn.db)
      .leftJoin('payees as p', 'p.id', 'b.payee_id')
      .leftJoin('gl_accounts as a', 'a.id', 't.gl_account_id')
      .select([
        'c.id as changeId',
        'c.transaction_id as transactionId',
        'c.kind as changeKind',
        'c.to_status as toStatus',
        'c.delta_cents as deltaCents',
        'c.seen_at as seenAt',
        't.amount_cents as amountCents',
        't.convenience_fee_cents as feeCents',
        't.tax_cents as taxCents',
        't.shipping_cents as shippingCents',
        'a.number as ownGlNumber',
        'b.id as batchId',
        'b.date as batchDate',
        'b.payee_id as payeeId',
        'p.name as payeeName',
        'b.payment_method as paymentMethod',
      ])
      .where('c.transaction_id', 'in', ids)
      .orderBy('c.transaction_id')
      .orderBy('c.id')
      .compile();
    rows.push(...run<ReversalChangeRow>(conn, query));
  }
  return rows;
}

/** The items of these transactions with their Chart of Accounts numbers, in a stable order. */
export function postedItemsOf(conn: ReversalConnection, transactionIds: readonly number[]): PostedItemRow[] {
  const rows: PostedItemRow[] = [];
  for (let at = 0; at < transactionIds.length; at += CHUNK) {
    const ids = transactionIds.slice(at, at + CHUNK);
    const query = conn.db
      .selectFrom('transaction_items as i')
      .leftJoin('gl_accounts as a', 'a.id', 'i.gl_account_id')
      .select([
        'i.transaction_id as transactionId',
        'i.amount_cents as amountCents',
        // An account the accounts list lacks still has the number its GL rows carried.
        sql<string | null>`coalesce(a.number, (SELECT g.gl_number FROM gl_batches g
          WHERE g.gl_account_id = i.gl_account_id AND g.gl_number IS NOT NULL LIMIT 1))`.as('glNumber'),
      ])
      .where('i.transaction_id', 'in', ids)
      .orderBy('i.transaction_id')
      .orderBy('i.item_id')
      .compile();
    rows.push(...run<PostedItemRow>(conn, query));
  }
  return rows;
}

/**
 * The GL lines of these deposits that show fee, tax or shipping apart: by the service's identifier
 * suffix (`-fee`, `-tax`, `-shipping`), or, for fees, a line that is all fee (no amount without fees
 * and no items counted).
 */
export function partLinesOf(conn: ReversalConnection, batchIds: readonly string[]): PartLineRow[] {
  const rows: PartLineRow[] = [];
  for (let at = 0; at < batchIds.length; at += CHUNK) {
    const ids = batchIds.slice(at, at + CHUNK);
    const query = conn.db
      .selectFrom('gl_batches as g')
      .leftJoin('gl_accounts as a', 'a.id', 'g.gl_account_id')
      .select([
        'g.batch_id as batchId',
        sql<PartLineRow['part'] | null>`CASE
          WHEN g.gl_batch_id LIKE '%-tax' THEN 'tax'
          WHEN g.gl_batch_id LIKE '%-shipping' THEN 'shipping'
          WHEN g.gl_batch_id LIKE '%-fee' OR (g.count = 0 AND g.amount_without_fees_cents = 0 AND g.amount_cents <> 0)
            THEN 'fee'
          END`.as('part'),
        (eb) => eb.fn.coalesce('g.gl_number', 'a.number').as('glNumber'),
      ])
      .where('g.batch_id', 'in', ids)
      .orderBy('g.batch_id')
      .orderBy('g.id')
      .compile();
    rows.push(...run<PartLineRow & { part: PartLineRow['part'] | null }>(conn, query).filter(hasPart));
  }
  return rows;
}

const hasPart = (row: { part: PartLineRow['part'] | null }): row is PartLineRow => row.part !== null;

/** Chart of Accounts number -> label, for the lines of a report. */
export function accountLabels(conn: ReversalConnection): Map<string, string> {
  const query = conn.db.selectFrom('gl_accounts').select(['number', 'label']).orderBy('removed').compile();
  const labels = new Map<string, string>();
  for (const row of run<{ number: string; label: string }>(conn, query)) {
    if (!labels.has(row.number)) labels.set(row.number, row.label);
  }
  return labels;
}

/** The export that posted each of these changes (a done export; the latest when several did). */
export function exportsOfChanges(conn: ReversalConnection, changeIds: readonly number[]): Map<number, number> {
  const found = new Map<number, number>();
  for (let at = 0; at < changeIds.length; at += CHUNK) {
    const ids = changeIds.slice(at, at + CHUNK);
    const query = conn.db
      .selectFrom('export_reversals as r')
      .innerJoin('exports as e', 'e.id', 'r.export_id')
      .select(['r.change_id as changeId', 'r.export_id as exportId'])
      .where('r.change_id', 'in', ids)
      .where('e.status', '=', 'done')
      .orderBy('r.export_id')
      .compile();
    for (const row of run<{ changeId: number; exportId: number }>(conn, query)) found.set(row.changeId, row.exportId);
  }
  return found;
}
