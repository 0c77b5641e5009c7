/** The sync's writes of batches (deposits): the upsert is a unit piece run in its page's unit of work. */
import type { Kysely } from 'kysely';
import type { Batch, Received as Parsed } from '../../../shared/domain';
import type { ReadableDB } from './handles';
import type { Database } from './schema';
import { execute, type Work } from './work';

export async function batchExists({ db }: ReadableDB, id: string): Promise<boolean> {
  return (await db.selectFrom('batches').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function countBatchTransactions({ db }: ReadableDB, batchId: string): Promise<number> {
  const row = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts or updates a batch; yields whether anything was written (an unchanged raw JSON writes nothing). */
export function* upsertBatchWork(db: Kysely<Database>, { value, raw }: Parsed<Batch>, now: string): Work<boolean> {
  const changed = yield* execute(
    db
      .insertInto('batches')
      .values({
        id: value.id,
        payee_id: value.payeeId,
        date: value.date,
        payment_method: value.paymentMethod,
        total_cents: value.totalCents,
        fees_cents: value.feesCents,
        partial_cents: value.partialCents,
        total_count: value.totalCount,
        raw,
        first_seen_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({
            payee_id: eb.ref('excluded.payee_id'),
            date: eb.ref('excluded.date'),
            payment_method: eb.ref('excluded.payment_method'),
            total_cents: eb.ref('excluded.total_cents'),
            fees_cents: eb.ref('excluded.fees_cents'),
            partial_cents: eb.ref('excluded.partial_cents'),
            total_count: eb.ref('excluded.total_count'),
            raw: eb.ref('excluded.raw'),
            updated_at: eb.ref('excluded.updated_at'),
          }))
          .whereRef('batches.raw', 'is distinct from', 'excluded.raw'),
      ),
  );
  return changed > 0;
}
