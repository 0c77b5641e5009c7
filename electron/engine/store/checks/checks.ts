/** Tie-out inputs and the precomputed verdicts (table batch_checks). */
import type { Insertable, Selectable } from 'kysely';
import type { TransactionStatus } from '../../../../shared/domain';
import type { BatchChecksTable, BatchRow } from '../schema';
import type { ReadableDB, WritableDB } from '../work/handles';

export type StoredCheckRow = Selectable<BatchChecksTable>;

export interface BatchTransactionRow {
  id: number;
  payee_id: number;
  amount_cents: number;
  amount_refunded_cents: number;
  convenience_fee_cents: number;
  status: TransactionStatus;
}

export interface GlTotalsRow {
  rows: number;
  amount: number;
  net: number;
}

export function batchesByIds({ db }: ReadableDB, ids: readonly string[]): Promise<BatchRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('batches')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export function transactionsOfBatch({ db }: ReadableDB, batchId: string): Promise<BatchTransactionRow[]> {
  return db
    .selectFrom('transactions')
    .select(['id', 'payee_id', 'amount_cents', 'amount_refunded_cents', 'convenience_fee_cents', 'status'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
}

export async function glTotalsOfBatch({ db }: ReadableDB, batchId: string): Promise<GlTotalsRow> {
  const row = await db
    .selectFrom('gl_batches')
    .select((eb) => [
      eb.fn.countAll<number>().as('rows'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('amount'),
      eb.fn.coalesce(eb.fn.sum<number>('amount_without_fees_cents'), eb.lit(0)).as('net'),
    ])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), amount: Number(row.amount), net: Number(row.net) };
}

/** Transactions of the batch's payee and method, from `fromDate` to the batch date, that carry no batch. */
export function unbatchedLike(
  { db }: ReadableDB,
  batch: BatchRow,
  fromDate: string,
  statuses: readonly TransactionStatus[],
  limit: number,
): Promise<Array<{ id: number; amount_cents: number; convenience_fee_cents: number }>> {
  return db
    .selectFrom('transactions')
    .select(['id', 'amount_cents', 'convenience_fee_cents'])
    .where('payee_id', '=', batch.payee_id)
    .where('business_date', '>=', fromDate)
    .where('business_date', '<=', batch.date)
    .where('batch_id', 'is', null)
    .where('payment_method', '=', batch.payment_method)
    .where('status', 'in', [...statuses])
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function saveChecks({ db }: WritableDB, row: Insertable<BatchChecksTable>): Promise<void> {
  const { batch_id: _batchId, ...values } = row;
  await db
    .insertInto('batch_checks')
    .values(row)
    .onConflict((oc) => oc.column('batch_id').doUpdateSet(values))
    .execute();
}

export function checksOf({ db }: ReadableDB, batchId: string): Promise<StoredCheckRow | undefined> {
  return db.selectFrom('batch_checks').selectAll().where('batch_id', '=', batchId).executeTakeFirst();
}

/** Batches with no checks yet, or whose batch row changed after them. */
export async function batchesWithStaleChecks({ db }: ReadableDB): Promise<string[]> {
  const rows = await db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .select('b.id')
    .where((eb) => eb.or([eb('c.batch_id', 'is', null), eb('c.computed_at', '<', eb.ref('b.updated_at'))]))
    .execute();
  return rows.map((row) => row.id);
}
