/**
 * The GL rows an export covers, in the order every sheet needs, streamed a chunk at a time once per
 * pass of the export (SQLite's iterator, a PostgreSQL cursor, both on the export's snapshot): a
 * million rows never sit in memory at once. Payment method comes from the batch the GL row belongs
 * to (GL rows carry none).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { ReadableDB } from '../work/handles';
import { firstOf, runRead } from '../work/work';
import type { GlBatch, PaymentMethod } from '../../../../shared/domain';
import { SCHOOL_DEFAULT_KEY } from '../accountMaps/schoolDefault';

export interface GlExportFilter {
  from: string;
  to: string;
  payeeIds?: number[];
  methods?: PaymentMethod[];
  /** Only the deposits this export claimed (export_deposits). */
  exportId?: number;
}

/** A GL batch as the service gave it, with its deposit's payee name and payment method. */
export interface GlExportRow extends GlBatch {
  payeeName: string | null;
  paymentMethod: PaymentMethod | null;
  /**
   * 1 when the service gave the row no account and glNumber is the school's default account, the
   * bookkeeper's choice in Settings (store/accountMaps); else 0. glNumber null: no account at all.
   */
  schoolDefault: number;
}

/** The GL rows of a range and its filters, before any claim: what an export's scope covers. */
export function glScope(db: Kysely<Database>, filter: Omit<GlExportFilter, 'exportId'>) {
  let query = db
    .selectFrom('gl_batches as g')
    .leftJoin('batches as b', 'b.id', 'g.batch_id')
    .leftJoin('payees as p', 'p.id', 'g.payee_id')
    .leftJoin('gl_accounts as a', 'a.id', 'g.gl_account_id')
    .where('g.date', '>=', filter.from)
    .where('g.date', '<=', filter.to);
  if (filter.payeeIds?.length) query = query.where('g.payee_id', 'in', filter.payeeIds);
  if (filter.methods?.length) query = query.where('b.payment_method', 'in', filter.methods);
  return query;
}

/**
 * An export's claimed deposits as a condition on each GL row, not a join: a join let the planner
 * start from the claimed deposits, and then no index gave the date order, so the whole range was
 * sorted before the first row came (in memory, on SQLite's temp store). Checked row by row, the rows
 * come off the date index and only each day's rows are sorted.
 */
function baseQuery(db: Kysely<Database>, filter: GlExportFilter) {
  const { exportId } = filter;
  if (exportId === undefined) return glScope(db, filter);
  return glScope(db, filter).where((eb) =>
    eb.exists(
      eb
        .selectFrom('export_deposits as d')
        .select('d.batch_id')
        .whereRef('d.batch_id', '=', 'g.batch_id')
        .where('d.export_id', '=', exportId),
    ),
  );
}

/** The rows, in the order every sheet needs. */
function rowsQuery(db: Kysely<Database>, filter: GlExportFilter) {
  return (
    baseQuery(db, filter)
      .leftJoin('default_accounts as da', (join) =>
        join.on('da.kind', '=', 'school').on('da.key', '=', SCHOOL_DEFAULT_KEY),
      )
      .select((eb) => [
        'g.date as date',
        'g.batch_id as batchId',
        'g.payee_id as payeeId',
        'p.name as payeeName',
        'b.payment_method as paymentMethod',
        'g.gl_batch_id as glBatchId',
        'g.gl_account_id as glAccountId',
        eb.fn.coalesce('g.gl_number', 'a.number', 'da.gl_number').as('glNumber'),
        eb.fn
          .coalesce(
            'g.gl_label',
            'a.label',
            sql<string | null>`(SELECT min(l.label) FROM gl_accounts l WHERE l.number = da.gl_number)`,
          )
          .as('glLabel'),
        sql<number>`CASE WHEN g.gl_number IS NULL AND a.number IS NULL AND da.gl_number IS NOT NULL THEN 1 ELSE 0 END`.as(
          'schoolDefault',
        ),
        'g.amount_cents as amountCents',
        'g.amount_without_fees_cents as amountWithoutFeesCents',
        'g.count as count',
      ])
      .orderBy('g.date')
      .orderBy('g.batch_id')
      // Rows without a Chart of Accounts account last, as the service lists them. The expression,
      // not its alias: PostgreSQL takes an output column's name in ORDER BY only on its own.
      .orderBy(sql`coalesce(g.gl_number, a.number, da.gl_number) IS NULL`)
      .orderBy(sql`coalesce(g.gl_number, a.number, da.gl_number)`)
      .orderBy('g.id')
  );
}

/** Whether the filter covers any GL row: the export's scope check, without counting them all. */
export function hasGlRows(source: ReadableDB, filter: Omit<GlExportFilter, 'exportId'>): Promise<boolean> {
  return runRead(source, function* (db) {
    return (yield* firstOf(glScope(db, filter).select('g.id').limit(1))) !== undefined;
  });
}

/** How many GL rows the filter covers. */
export function countGlRows(source: ReadableDB, filter: GlExportFilter): Promise<number> {
  return runRead(source, function* (db) {
    const row = yield* firstOf(baseQuery(db, filter).select((eb) => eb.fn.countAll<number>().as('n')));
    return Number(row?.n ?? 0);
  });
}

/**
 * Rows a pass reads at a time (a cursor's FETCH on PostgreSQL): what memory holds of them at once.
 * Small, because a chunk lives until the workbook has written its last row, across the turns the
 * writer gives the zip: rows of a 1,000-row chunk outlived V8's young generation and died in the
 * old one, which grew with the export (300,000 rows: heap 53 -> 107 MB over the GL sheet, peak RSS
 * 310 MB); at 100 the heap stays flat (66-69 MB) and the peak is 273 MB.
 */
export const GL_ROWS_PER_CHUNK = 100;

export interface GlRows {
  count: number;
  /** A pass over the rows, read a chunk at a time as it goes. */
  rows(): AsyncIterable<GlExportRow>;
}

/**
 * The GL rows of a filter, for as many passes as the caller makes, streamed from a snapshot
 * (openSnapshot: an export's, or the caller's own) by its dialect.
 */
export async function glRowsOf(
  snapshot: ReadableDB,
  filter: GlExportFilter,
  chunkRows = GL_ROWS_PER_CHUNK,
): Promise<GlRows> {
  const query = rowsQuery(snapshot.db, filter).compile();
  return {
    count: await countGlRows(snapshot, filter),
    rows: async function* () {
      for await (const chunk of snapshot.dialect.streamChunks(snapshot.db, query, chunkRows)) yield* chunk;
    },
  };
}
