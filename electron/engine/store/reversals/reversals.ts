/**
 * The facts reversals are derived from (DESIGN.md §6, docs/reversals.md): the sync already records
 * every refund, ACH return and settled void in transaction_changes, so reversals are read from there,
 * never written a second time. All the facts are read in one unit of work (work.ts), on either
 * dialect; on SQLite the export passes its snapshot connection, so they agree with its GL rows.
 */
import { sql, type Kysely } from 'kysely';
import type { PaymentMethod } from '../../../../shared/domain';
import type { Database } from '../schema';
import { rowsByChunks } from '../work/chunks';
import { rowsOf, runRead, type Work, type WorkTarget } from '../work/work';
import { BASELINE_FLAG } from './baselineFlag';

/** A read handle, or the export's snapshot connection (already inside its read transaction). */
export type ReversalConnection = WorkTarget;

export interface ReversalScope {
  /** ISO-8601 UTC instants: seen_at in [seenFrom, seenBefore). */
  seenFrom?: string;
  seenBefore?: string;
  payeeIds?: readonly number[];
  methods?: readonly PaymentMethod[];
  batchId?: string;
  /** These transactions' reversals (none when empty). */
  transactionIds?: readonly number[];
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
  paymentMethod: PaymentMethod;
  /** 1: the first sync found it already there (store/baseline): before District Recon. */
  baseline: number;
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

/**
 * Ids per IN list elsewhere: ROWS_PER_STATEMENT (500), as PostgreSQL reads a few hundred
 * transactions by their keys and more by a scan.
 *
 * Deposits per IN list for their part lines: PostgreSQL scans gl_batches for any long list, so one
 * scan for a few thousand deposits rather than one per 500 (well under both dialects' bound
 * parameter limits: SQLite's 32,766, PostgreSQL's 65,535).
 */
const DEPOSIT_CHUNK = 5_000;

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
    .where(REVERSAL_KIND);
}

/**
 * The change itself is a reversal's kind (transaction_changes aliased `c`): what isReversal asks of
 * a change before its deposit. Never NULL (a refund without a delta is not one), so `NOT` of it is safe.
 */
export const REVERSAL_KIND = sql<boolean>`(CASE WHEN (c.kind = 'refunded' AND c.delta_cents > 0)
  OR c.kind IN ('returned', 'voided_after_settlement')
  OR (c.kind = 'first_seen' AND c.to_status IN ('Returned', 'Voided')) THEN 1 ELSE 0 END = 1)`;

/** Everything reversals are derived from, read on one snapshot. */
export interface ReversalFacts {
  changes: ReversalChangeRow[];
  items: PostedItemRow[];
  partLines: PartLineRow[];
  labels: Map<string, string>;
  exported: Map<number, number>;
}

/**
 * The facts of the transactions with a reversal in scope (their reversals whenever seen). `amounts`:
 * only what decides how much each reversal takes back (reconcile/allocateReversal.ts reversalAmount):
 * the changes and their items' amounts, with no accounts, GL lines, labels or exports.
 */
export function reversalFacts(
  conn: ReversalConnection,
  scope: ReversalScope,
  detail: 'lines' | 'amounts' = 'lines',
): Promise<ReversalFacts> {
  return runRead(conn, (db) => reversalFactsOf(db, scope, detail));
}

/** reversalFacts as a unit of work, for a read that takes them on its own snapshot (a batch's detail). */
export function* reversalFactsOf(
  db: Kysely<Database>,
  scope: ReversalScope,
  detail: 'lines' | 'amounts' = 'lines',
): Work<ReversalFacts> {
  const ids = scope.transactionIds ? [...scope.transactionIds] : yield* transactionsReversedIn(db, scope);
  if (ids.length === 0) return { changes: [], items: [], partLines: [], labels: new Map(), exported: new Map() };
  const changes = yield* reversalChangesOf(db, ids);
  if (detail === 'amounts')
    return {
      changes,
      items: yield* postedItemsOf(db, ids, 'amounts'),
      partLines: [],
      labels: new Map(),
      exported: new Map(),
    };
  return {
    changes,
    items: yield* postedItemsOf(db, ids),
    partLines: yield* partLinesOf(db, [...new Set(changes.map((c) => c.batchId))]),
    labels: yield* accountLabels(db),
    exported: yield* exportsOfChanges(
      db,
      changes.map((c) => c.changeId),
    ),
  };
}

/** Transactions with a reversal in scope. */
function* transactionsReversedIn(db: Kysely<Database>, scope: ReversalScope): Work<number[]> {
  let query = isReversal(db).select('c.transaction_id as id').distinct();
  if (scope.seenFrom) query = query.where('c.seen_at', '>=', scope.seenFrom);
  if (scope.seenBefore) query = query.where('c.seen_at', '<', scope.seenBefore);
  if (scope.payeeIds?.length) query = query.where('b.payee_id', 'in', [...scope.payeeIds]);
  if (scope.methods?.length) query = query.where('b.payment_method', 'in', [...scope.methods]);
  if (scope.batchId !== undefined) query = query.where('b.id', '=', scope.batchId);
  return (yield* rowsOf(query.orderBy('id'))).map((row) => Number(row.id));
}

/** Every reversal change of these transactions, whenever seen: earlier ones decide what is left. */
function* reversalChangesOf(db: Kysely<Database>, transactionIds: readonly number[]): Work<ReversalChangeRow[]> {
  return yield* rowsByChunks(transactionIds, (ids) =>
    reversalChangesQuery(db).where('c.transaction_id', 'in', ids).orderBy('c.transaction_id').orderBy('c.id'),
  );
}

/** Reversal changes with what their transaction posted, for a caller to narrow and order. */
export function reversalChangesQuery(db: Kysely<Database>) {
  return (
    isReversal(db)
      .leftJoin('payees as p', 'p.id', 'b.payee_id')
      .leftJoin('gl_accounts as a', 'a.id', 't.gl_account_id')
      // The school's default account (store/accountMaps) stands for a transaction without its own.
      .leftJoin('default_accounts as da', (join) =>
        join.on('da.kind', '=', 'school').on('da.key', '=', sql<string>`cast(b.payee_id as text)`),
      )
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
        (eb) => eb.fn.coalesce('a.number', 'da.gl_number').as('ownGlNumber'),
        'b.id as batchId',
        'b.date as batchDate',
        'b.payee_id as payeeId',
        'p.name as payeeName',
        'b.payment_method as paymentMethod',
        BASELINE_FLAG.as('baseline'),
      ])
  );
}

/**
 * The items of these transactions, in a stable order, with their Chart of Accounts numbers, or, for
 * `amounts`, without (glNumber null: the amount step needs none, and the number costs a lookup each).
 */
function* postedItemsOf(
  db: Kysely<Database>,
  transactionIds: readonly number[],
  detail: 'lines' | 'amounts' = 'lines',
): Work<PostedItemRow[]> {
  return yield* rowsByChunks(transactionIds, (ids) =>
    postedItemsQuery(db, detail).where('i.transaction_id', 'in', ids).orderBy('i.transaction_id').orderBy('i.item_id'),
  );
}

/** Items with their Chart of Accounts numbers (none for `amounts`), for a caller to narrow and order. */
export function postedItemsQuery(db: Kysely<Database>, detail: 'lines' | 'amounts' = 'lines') {
  // An account the accounts list lacks still has the number its GL rows carried; an item with
  // neither takes its name's default account (store/accountMaps), the bookkeeper's choice.
  const glNumber =
    detail === 'amounts'
      ? sql<string | null>`NULL`
      : sql<string | null>`coalesce(a.number, (SELECT g.gl_number FROM gl_batches g
          WHERE g.gl_account_id = i.gl_account_id AND g.gl_number IS NOT NULL LIMIT 1),
          (SELECT d.gl_number FROM default_accounts d WHERE d.kind = 'item' AND d.key = i.item_name))`;
  return db
    .selectFrom('transaction_items as i')
    .leftJoin('gl_accounts as a', 'a.id', 'i.gl_account_id')
    .select(['i.transaction_id as transactionId', 'i.amount_cents as amountCents', glNumber.as('glNumber')]);
}

/** Which part a GL line shows apart (see partLinesOf), or null. */
const PART = sql<PartLineRow['part'] | null>`CASE
  WHEN g.gl_batch_id LIKE '%-tax' THEN 'tax'
  WHEN g.gl_batch_id LIKE '%-shipping' THEN 'shipping'
  WHEN g.gl_batch_id LIKE '%-fee' OR (g.count = 0 AND g.amount_without_fees_cents = 0 AND g.amount_cents <> 0)
    THEN 'fee'
  END`;

/**
 * The GL lines of these deposits that show fee, tax or shipping apart: by the service's identifier
 * suffix (`-fee`, `-tax`, `-shipping`), or, for fees, a line that is all fee (no amount without fees
 * and no items counted).
 */
function* partLinesOf(db: Kysely<Database>, batchIds: readonly string[]): Work<PartLineRow[]> {
  const rows = yield* rowsByChunks(
    batchIds,
    (ids) => partLinesQuery(db).where('g.batch_id', 'in', ids).orderBy('g.batch_id').orderBy('g.id'),
    DEPOSIT_CHUNK,
  );
  return rows.filter(hasPart);
}

/** GL lines that show a part apart, for a caller to narrow and order. */
export function partLinesQuery(db: Kysely<Database>) {
  return (
    db
      .selectFrom('gl_batches as g')
      .leftJoin('gl_accounts as a', 'a.id', 'g.gl_account_id')
      .select([
        'g.batch_id as batchId',
        PART.as('part'),
        (eb) => eb.fn.coalesce('g.gl_number', 'a.number').as('glNumber'),
      ])
      // Lines that show no part stay in the database rather than being read and dropped here.
      .where(sql<boolean>`${PART} IS NOT NULL`)
  );
}

export const hasPart = (row: { part: PartLineRow['part'] | null }): row is PartLineRow => row.part !== null;

/** Chart of Accounts number -> label, for the lines of a report. */
function* accountLabels(db: Kysely<Database>): Work<Map<string, string>> {
  return labelsOf(yield* rowsOf(accountLabelsQuery(db)));
}

export const accountLabelsQuery = (db: Kysely<Database>) =>
  db.selectFrom('gl_accounts').select(['number', 'label']).orderBy('removed');

/** The first label of each number (accounts not removed first). */
export function labelsOf(rows: ReadonlyArray<{ number: string; label: string }>): Map<string, string> {
  const labels = new Map<string, string>();
  for (const row of rows) if (!labels.has(row.number)) labels.set(row.number, row.label);
  return labels;
}

/** The export that posted each of these changes (a done export; the latest when several did). */
function* exportsOfChanges(db: Kysely<Database>, changeIds: readonly number[]): Work<Map<number, number>> {
  const rows = yield* rowsByChunks(changeIds, (ids) =>
    changeExportsQuery(db).where('r.change_id', 'in', ids).orderBy('r.export_id'),
  );
  return new Map(rows.map((row) => [row.changeId, row.exportId]));
}

/** Done exports that posted a change, for a caller to narrow and order (the latest last). */
export const changeExportsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('export_reversals as r')
    .innerJoin('exports as e', 'e.id', 'r.export_id')
    .select(['r.change_id as changeId', 'r.export_id as exportId'])
    .where('e.status', '=', 'done');
