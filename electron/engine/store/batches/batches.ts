/** Batches (deposits) as the views read them: keyset pages with verdicts, one batch with its parts. */
import { sql, type Kysely } from 'kysely';
import type { BatchFilter } from '../../../../shared/contract';
import type { BatchReviewRow, BatchRow, Database, GlBatchRow } from '../schema';
import type { BatchListFacts } from './rowMappers';
import type { ReadableDB } from '../work/handles';
import type { StoredCheckRow } from '../checks/checks';
import { latestPreparationQuery, type BatchPreparationRow } from '../reviews/batchPreparations';
import type { ReversalFacts } from '../reversals/reversals';
import { batchReversalColumns, batchReversalFacts } from '../reversals/batchReversals';
import { readJsonRows } from '../dialect/jsonRows';
import { GL_LINE_COLUMNS } from '../glBatches/glBatchDay';
import { VIEWED_TRANSACTION_COLUMNS, type ViewedTransactionRow } from '../transactions/transactionQueries';

export interface ListedBatchRow extends BatchRow, BatchListFacts {}

/** Batches with their payee's name and stored verdict: the rows every batch list shows. */
export function listedBatches(db: Kysely<Database>) {
  return db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .selectAll('b')
    .select(['p.name as payee_name', 'c.verdict', 'c.difference_cents', 'c.fingerprint']);
}

/** Newest first: (date desc, id desc), `limit` rows after the keyset position. */
export async function listBatchRows(
  { db }: ReadableDB,
  filter: BatchFilter,
  after: { date: string; id: string } | null,
  limit: number,
): Promise<ListedBatchRow[]> {
  let query = listedBatches(db);
  if (filter.payeeIds?.length) query = query.where('b.payee_id', 'in', filter.payeeIds);
  if (filter.methods?.length) query = query.where('b.payment_method', 'in', filter.methods);
  if (filter.from) query = query.where('b.date', '>=', filter.from);
  if (filter.to) query = query.where('b.date', '<=', filter.to);
  if (filter.verdicts?.length) query = query.where('c.verdict', 'in', filter.verdicts);
  if (filter.notSignedOff)
    query = query.where(
      sql<boolean>`coalesce((SELECT r.action FROM batch_reviews r WHERE r.batch_id = b.id ORDER BY r.id DESC LIMIT 1), '') <> 'sign_off'`,
    );
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('b.date', '<', after.date), eb.and([eb('b.date', '=', after.date), eb('b.id', '<', after.id)])]),
    );
  }
  return (await query.orderBy('b.date', 'desc').orderBy('b.id', 'desc').limit(limit).execute()) as ListedBatchRow[];
}

/** One batch as the lists show it (its school's name, its stored verdict and fingerprint). */
export async function listedBatchRow({ db }: ReadableDB, id: string): Promise<ListedBatchRow | undefined> {
  return (await listedBatches(db).where('b.id', '=', id).executeTakeFirst()) as ListedBatchRow | undefined;
}

export function getBatchRow({ db }: ReadableDB, id: string): Promise<BatchRow | undefined> {
  return db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a deposit's detail shows, as stored: read together on one snapshot. */
export interface BatchDetailRows {
  batch: BatchRow;
  payeeName: string | null;
  checks: StoredCheckRow | undefined;
  transactions: ViewedTransactionRow[];
  glRows: GlBatchRow[];
  history: BatchReviewRow[];
  reversals: ReversalFacts;
  preparation: BatchPreparationRow | undefined;
}

/**
 * One batch and everything its detail shows, in one statement (so on one snapshot: the checks, rows,
 * history and reversals shown together belong together); undefined when there is no such batch. Its
 * payee and checks are joined, and its lists (transactions without their raw JSON, GL rows, reviews,
 * the latest preparation, the reversals' facts) come as JSON arrays (dialect/jsonRows.ts): on a
 * district server each round trip waits its turn beside a running sync, and this was 8 to 13 of them.
 */
export async function batchDetailRows(reader: ReadableDB, id: string): Promise<BatchDetailRows | undefined> {
  const { db, dialect } = reader;
  const { jsonRows } = dialect;
  const head = await db
    .selectFrom('batches as b')
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .selectAll('b')
    .select([
      'p.name as payee_name',
      'c.batch_id as checked_batch_id',
      'c.verdict',
      'c.difference_cents',
      'c.checks',
      'c.fingerprint',
      'c.computed_at',
      jsonRows(
        db.selectFrom('transactions').select(VIEWED_TRANSACTION_COLUMNS).where('batch_id', '=', id).orderBy('id'),
      ).as('transaction_rows'),
      jsonRows(
        db
          .selectFrom('gl_batches')
          .select(GL_BATCH_COLUMNS)
          .where('batch_id', '=', id)
          .orderBy('gl_number')
          .orderBy('id'),
      ).as('gl_rows'),
      jsonRows(db.selectFrom('batch_reviews').select(REVIEW_COLUMNS).where('batch_id', '=', id).orderBy('id')).as(
        'review_rows',
      ),
      jsonRows(latestPreparationQuery(db, id)).as('preparation_rows'),
    ])
    .select(batchReversalColumns(db, jsonRows, id))
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!head) return undefined;
  const {
    payee_name,
    checked_batch_id,
    verdict,
    difference_cents,
    checks,
    fingerprint,
    computed_at,
    transaction_rows,
    gl_rows,
    review_rows,
    preparation_rows,
    reversal_changes,
    reversal_items,
    reversal_part_lines,
    account_labels,
    reversal_exports,
    ...batch
  } = head;
  return {
    batch,
    payeeName: payee_name ?? null,
    checks:
      checked_batch_id === null
        ? undefined
        : {
            batch_id: checked_batch_id,
            verdict: verdict!,
            difference_cents: difference_cents!,
            checks: checks!,
            fingerprint: fingerprint!,
            computed_at: computed_at!,
          },
    transactions: readJsonRows(transaction_rows),
    glRows: readJsonRows(gl_rows),
    history: readJsonRows(review_rows),
    reversals: batchReversalFacts({
      reversal_changes,
      reversal_items,
      reversal_part_lines,
      account_labels,
      reversal_exports,
    }),
    preparation: readJsonRows(preparation_rows)[0],
  };
}

/** Every column of a table, named (a JSON array's columns are named; see dialect/jsonRows.ts). */
const everyColumn =
  <Table>() =>
  <const C extends ReadonlyArray<keyof Table & string>>(
    columns: C & (Exclude<keyof Table, C[number]> extends never ? unknown : 'a column is missing'),
  ) =>
    columns;

const GL_BATCH_COLUMNS = everyColumn<GlBatchRow>()(['id', ...GL_LINE_COLUMNS]);

/** Every column of batch_reviews (bench/packet.bench.ts writes its sign-offs by these names too). */
export const REVIEW_COLUMNS = everyColumn<BatchReviewRow>()([
  'id',
  'batch_id',
  'action',
  'by',
  'at',
  'note',
  'total_cents',
  'fees_cents',
  'partial_cents',
  'total_count',
  'fingerprint',
]);

/** Batches whose last review is none or an unsign ('open'), or a re-open ('reopened'), newest first. */
export async function batchesInReviewState(
  { db }: ReadableDB,
  state: 'open' | 'reopened',
  limit: number,
): Promise<ListedBatchRow[]> {
  const lastAction = sql<
    string | null
  >`(SELECT r.action FROM batch_reviews r WHERE r.batch_id = b.id ORDER BY r.id DESC LIMIT 1)`;
  return (await db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .selectAll('b')
    .select(['p.name as payee_name', 'c.verdict', 'c.difference_cents', 'c.fingerprint'])
    .where((eb) =>
      state === 'open'
        ? eb.or([eb(lastAction, 'is', null), eb(lastAction, '=', 'unsign')])
        : eb(lastAction, '=', 'reopen'),
    )
    .orderBy('b.date', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute()) as ListedBatchRow[];
}

/** Deposit totals per day, payee and method since `fromDate`. */
export async function dailyDepositTotals(
  { db }: ReadableDB,
  fromDate: string,
): Promise<Array<{ date: string; payeeId: number; paymentMethod: string; totalCents: number }>> {
  const rows = await db
    .selectFrom('batches')
    .select((eb) => ['date', 'payee_id', 'payment_method', eb.fn.sum<number>('total_cents').as('cents')])
    .where('date', '>=', fromDate)
    .groupBy(['date', 'payee_id', 'payment_method'])
    .orderBy('date')
    .execute();
  return rows.map((d) => ({
    date: d.date,
    payeeId: d.payee_id,
    paymentMethod: d.payment_method,
    totalCents: Number(d.cents),
  }));
}
