/** The sync's writes of batches (deposits): the upsert is a unit piece run in its page's unit of work. */
import type { Kysely } from 'kysely';
import type { Batch, Received as Parsed } from '../../../shared/domain';
import { compiledOnce } from './bulk';
import type { ReadableDB } from './handles';
import type { Database } from './schema';
import { chunks } from './chunks';
import { execute, firstOf, rowsOf, runRead, type Work } from './work';

// Asked once per deposit the service lists: compiled once (bulk.ts).
const batchById = compiledOnce((db, id: string) => db.selectFrom('batches').select('id').where('id', '=', id));

const transactionsOfBatch = compiledOnce((db, batchId: string) =>
  db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', '=', batchId),
);

export function batchExists(reader: ReadableDB, id: string): Promise<boolean> {
  return runRead(reader, function* (db) {
    return (yield* firstOf(batchById(db, id))) !== undefined;
  });
}

export function countBatchTransactions(reader: ReadableDB, batchId: string): Promise<number> {
  return runRead(reader, function* (db) {
    return Number((yield* firstOf(transactionsOfBatch(db, batchId)))?.n ?? 0);
  });
}

/**
 * For each of these deposits the store does not hold yet, how many of its transactions it holds; a
 * deposit it holds is left out. One read for a page of the deposits the service lists.
 */
export function transactionsOfNewBatches(
  reader: ReadableDB,
  batchIds: readonly string[],
): Promise<Map<string, number>> {
  return runRead(reader, function* (db) {
    const counts = new Map<string, number>();
    if (!batchIds.length) return counts;
    const held = new Set<string>();
    for (const ids of chunks(batchIds))
      for (const row of yield* rowsOf(db.selectFrom('batches').select('id').where('id', 'in', ids))) held.add(row.id);
    const fresh = batchIds.filter((id) => !held.has(id));
    for (const id of fresh) counts.set(id, 0);
    for (const ids of chunks(fresh))
      for (const row of yield* rowsOf(
        db
          .selectFrom('transactions')
          .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
          .where('batch_id', 'in', ids)
          .groupBy('batch_id'),
      ))
        counts.set(row.batch_id!, Number(row.n));
    return counts;
  });
}

const upsertBatch = compiledOnce(
  (
    db,
    id: string,
    payeeId: number,
    date: string,
    paymentMethod: string,
    totalCents: number,
    feesCents: number,
    partialCents: number,
    totalCount: number,
    raw: string,
    now: string,
  ) =>
    db
      .insertInto('batches')
      .values({
        id,
        payee_id: payeeId,
        date,
        payment_method: paymentMethod,
        total_cents: totalCents,
        fees_cents: feesCents,
        partial_cents: partialCents,
        total_count: totalCount,
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

/** Inserts or updates a batch; yields whether anything was written (an unchanged raw JSON writes nothing). */
export function* upsertBatchWork(db: Kysely<Database>, { value, raw }: Parsed<Batch>, now: string): Work<boolean> {
  const changed = yield* execute(
    upsertBatch(
      db,
      value.id,
      value.payeeId,
      value.date,
      value.paymentMethod,
      value.totalCents,
      value.feesCents,
      value.partialCents,
      value.totalCount,
      raw,
      now,
    ),
  );
  return changed > 0;
}
