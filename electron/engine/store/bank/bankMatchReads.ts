/**
 * What the bank matcher reads (DESIGN.md §10): open lines, open batches, returned ACH transactions,
 * the bookkeeper's rejections and its own earlier matches. A matching run reads them in the same
 * unit of work as it writes (bankMatchingRun.ts).
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { BankMatchesTable, Database } from '../schema';
import { rowsOf, type Work } from '../work/work';
import { slipBatchIds } from '../slips';
import { liveExplanation, liveMatch } from './liveDecisions';

/** A match that holds its batches (or its returned transaction): made by the matcher or confirmed. */
export function live(eb: ExpressionBuilder<Database & { m: BankMatchesTable }, 'm'>) {
  return eb.and([eb('m.status', '<>', 'suggested'), eb('m.undone_at', 'is', null)]);
}

/**
 * The matcher's rows are named as the matcher names its inputs (bank/matchingColumns.ts MatchLine
 * and MatchBatch). A year holds 50,000 lines and 60,000 batches: they are read a page at a time, and
 * the matcher keeps each page as columns (a row is an object with strings: ~200 bytes each).
 */
export interface OpenLineRow {
  id: number;
  postedDate: string;
  amountCents: number;
  /** The bank's description: it may name the payee's merchant id. */
  text: string;
}

export interface PayeeMerchantRow {
  id: number;
  merchantId: string;
}

export interface OpenBatchRow {
  id: string;
  payeeId: number;
  paymentMethod: string;
  date: string;
  totalCents: number;
  partialCents: number;
}

/** A batch as the in-transit list reads it. */
export interface UnheldBatchRow {
  id: string;
  payee_id: number;
  payment_method: string;
  date: string;
  total_cents: number;
  partial_cents: number;
}

export interface OpenReturnRow {
  id: number;
  business_date: string;
  amount_cents: number;
}

export interface RejectedMatchRow {
  line_id: number;
  batch_ids: string;
  transaction_id: number | null;
  slip_id: string | null;
  undone_by: string | null;
}

/**
 * Whether the line `l` (the outer query's bank_lines) is set aside (issue 25): a duplicate the bookkeeper has not kept (still
 * possible, or dropped), or a line the bank corrected (its correction stands for it). Nothing
 * matches such a line, and it is not one to settle.
 */
export function setAside() {
  return sql<boolean>`(coalesce(l.duplicate_state, '') in ('possible', 'dropped') or exists (select 1 from bank_lines as c where c.corrects_line_id = l.id))`;
}

/**
 * Lines with no live match and no live explanation (the ones the matcher works on) whose id is above
 * `after`: the first `limit` of them, in id order (the next page starts after the last id).
 */
export function* openLinesPage(db: Kysely<Database>, after: number, limit: number): Work<OpenLineRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('bank_lines as l')
      .select(['l.id', 'l.posted_date as postedDate', 'l.amount_cents as amountCents', 'l.text'])
      .where('l.id', '>', after)
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(liveMatch('line_id', 'l.id'))),
          eb.not(eb.exists(liveExplanation('line_id', 'l.id'))),
          eb.not(setAside()),
        ]),
      )
      .orderBy('l.id')
      .limit(limit),
  );
}

/** Each payee's merchant id, which a bank line's text may name. */
export function* payeeMerchants(db: Kysely<Database>): Work<PayeeMerchantRow[]> {
  return yield* rowsOf(db.selectFrom('payees').select(['id', 'merchant_id as merchantId']));
}

/** Undone matches per line: what a person said was wrong is never made again by the matcher. */
export function* rejectedMatches(db: Kysely<Database>): Work<RejectedMatchRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('bank_matches')
      .select(['line_id', 'batch_ids', 'transaction_id', 'slip_id', 'undone_by'])
      .where('status', '<>', 'suggested')
      .where('undone_at', 'is not', null),
  );
}

/** The query of batches dated from..to that no line holds and nobody explained, oldest first (no columns yet). */
export function unheldBatchesQuery(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('batches as b')
    .where('b.date', '>=', from)
    .where('b.date', '<=', to)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb.selectFrom('bank_matched_batches as h').select('h.batch_id').whereRef('h.batch_id', '=', 'b.id'),
          ),
        ),
        eb.not(eb.exists(liveExplanation('batch_id', 'b.id'))),
      ]),
    )
    .orderBy('b.date')
    .orderBy('b.id');
}

/** Batches dated from..to that no line holds and nobody explained. */
export function* openBatches(db: Kysely<Database>, from: string, to: string): Work<OpenBatchRow[]> {
  return yield* rowsOf(
    unheldBatchesQuery(db, from, to).select([
      'b.id',
      'b.payee_id as payeeId',
      'b.payment_method as paymentMethod',
      'b.date',
      'b.total_cents as totalCents',
      'b.partial_cents as partialCents',
    ]),
  );
}

/** ACH transactions the service reports Returned, dated from..to, that no line holds. */
export function* openReturns(db: Kysely<Database>, from: string, to: string): Work<OpenReturnRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('transactions as t')
      .select(['t.id', 't.business_date', 't.amount_cents'])
      .where('t.status', '=', 'Returned')
      .where('t.payment_method', '=', 'ACH')
      .where('t.business_date', '>=', from)
      .where('t.business_date', '<=', to)
      .where((eb) => eb.not(eb.exists(liveMatch('transaction_id', 't.id'))))
      .orderBy('t.business_date')
      .orderBy('t.id'),
  );
}

export interface HeldAutoMatchRow {
  id: number;
  line_amount_cents: number;
  how: string;
  batch_count: number;
  held_count: number;
  total_cents: number | null;
  partial_cents: number | null;
  /** The returned transaction's amount while it is still Returned; null otherwise. */
  return_cents: number | null;
  transaction_id: number | null;
  slip_id: string | null;
  /** A slip match's: the slip's counted total while it is verified (null otherwise). */
  slip_cents: number | null;
  /** A slip match's: batches its collections were settled into since that no line holds yet. */
  slip_new_batch_ids: string[];
  /** What the match holds, sorted. */
  batch_ids: string[];
}

/** Live matches the matcher made (not confirmed), with what their batches add up to today. */
export function* heldAutoMatches(db: Kysely<Database>): Work<HeldAutoMatchRow[]> {
  const rows = yield* rowsOf(
    db
      .selectFrom('bank_matches as m')
      .innerJoin('bank_lines as l', 'l.id', 'm.line_id')
      .select((eb) => {
        const held = () =>
          eb
            .selectFrom('bank_matched_batches as h')
            .innerJoin('batches as b', 'b.id', 'h.batch_id')
            .whereRef('h.match_id', '=', 'm.id');
        return [
          'm.id',
          'l.amount_cents as line_amount_cents',
          'm.how',
          'm.batch_ids',
          'm.transaction_id',
          'm.slip_id',
          eb
            .selectFrom('deposit_slips as s')
            .select((s) => s('s.counted_cash_cents', '+', s.ref('s.counted_checks_cents')).as('n'))
            .whereRef('s.id', '=', 'm.slip_id')
            .where('s.verified_by', 'is not', null)
            .as('slip_cents'),
          held()
            .select((h) => h.fn.countAll<number>().as('n'))
            .as('held_count'),
          held()
            .select((h) => h.fn.sum<number>('b.total_cents').as('n'))
            .as('total_cents'),
          held()
            .select((h) => h.fn.sum<number>('b.partial_cents').as('n'))
            .as('partial_cents'),
          eb
            .selectFrom('transactions as t')
            .select('t.amount_cents')
            .whereRef('t.id', '=', 'm.transaction_id')
            .where('t.status', '=', 'Returned')
            .as('return_cents'),
        ];
      })
      .where('m.status', '=', 'matched')
      .where('m.undone_at', 'is', null),
  );
  const slipIds = rows.flatMap((row) => (row.slip_id === null ? [] : [row.slip_id]));
  const slipBatches =
    slipIds.length > 0 ? yield* slipBatchIds(db, slipIds, { unheld: true }) : new Map<string, string[]>();
  return rows.map(({ batch_ids, ...row }) => ({
    ...row,
    batch_ids: (JSON.parse(batch_ids) as string[]).sort(),
    slip_cents: row.slip_cents === null || row.slip_cents === undefined ? null : Number(row.slip_cents),
    slip_new_batch_ids: row.slip_id === null ? [] : (slipBatches.get(row.slip_id) ?? []),
    // A match's batch list is JSON text; counting it in JS keeps the query portable.
    batch_count: (JSON.parse(batch_ids) as string[]).length,
    held_count: row.held_count ?? 0,
    total_cents: row.total_cents ?? null,
    partial_cents: row.partial_cents ?? null,
    return_cents: row.return_cents ?? null,
  }));
}
