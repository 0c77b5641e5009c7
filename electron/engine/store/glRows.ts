/**
 * The GL rows an export covers, built with kysely and run on better-sqlite3 directly so rows are
 * iterated synchronously one at a time (100k rows never sit in memory at once). Payment method
 * comes from the batch the GL row belongs to (GL rows carry none).
 */
import { sql, type Kysely } from 'kysely';
import type BetterSqlite3 from 'better-sqlite3';
import type { Database } from './schema';

export interface GlExportFilter {
  from: string;
  to: string;
  payeeIds?: number[];
  methods?: string[];
  /** Only the deposits this export claimed (export_deposits). */
  exportId?: number;
}

export interface GlExportRow {
  date: string;
  batchId: string;
  payeeId: number;
  payeeName: string | null;
  paymentMethod: string | null;
  glBatchId: string;
  glAccountId: string | null;
  glNumber: string | null;
  glLabel: string | null;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
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

function baseQuery(db: Kysely<Database>, filter: GlExportFilter) {
  const { exportId } = filter;
  if (exportId === undefined) return glScope(db, filter);
  return glScope(db, filter).innerJoin('export_deposits as d', (join) =>
    join.onRef('d.batch_id', '=', 'g.batch_id').on('d.export_id', '=', exportId),
  );
}

/** The SQL (compiled by kysely, never run by it) for the rows, in the order every sheet needs. */
function rowsQuery(db: Kysely<Database>, filter: GlExportFilter) {
  return (
    baseQuery(db, filter)
      .select((eb) => [
        'g.date as date',
        'g.batch_id as batchId',
        'g.payee_id as payeeId',
        'p.name as payeeName',
        'b.payment_method as paymentMethod',
        'g.gl_batch_id as glBatchId',
        'g.gl_account_id as glAccountId',
        eb.fn.coalesce('g.gl_number', 'a.number').as('glNumber'),
        eb.fn.coalesce('g.gl_label', 'a.label').as('glLabel'),
        'g.amount_cents as amountCents',
        'g.amount_without_fees_cents as amountWithoutFeesCents',
        'g.count as count',
      ])
      .orderBy('g.date')
      .orderBy('g.batch_id')
      // Rows without a Chart of Accounts account last, as the service lists them.
      .orderBy(sql`"glNumber" IS NULL`)
      .orderBy('glNumber')
      .orderBy('g.id')
      .compile()
  );
}

function countQuery(db: Kysely<Database>, filter: GlExportFilter) {
  return baseQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .compile();
}

/** Counts and iterates GL rows on one better-sqlite3 connection; kysely only writes the SQL. */
export class GlRowReader {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: BetterSqlite3.Database,
  ) {}

  count(filter: GlExportFilter): number {
    const query = countQuery(this.db, filter);
    const row = this.sqlite.prepare(query.sql).get(...query.parameters) as { n: number } | undefined;
    return Number(row?.n ?? 0);
  }

  /** The connection is busy until the iteration ends (or is abandoned with `return`). */
  rows(filter: GlExportFilter): IterableIterator<GlExportRow> {
    const query = rowsQuery(this.db, filter);
    return this.sqlite.prepare(query.sql).iterate(...query.parameters) as IterableIterator<GlExportRow>;
  }
}
