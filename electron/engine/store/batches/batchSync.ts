/** The sync's writes of batches (deposits): the upsert is a unit piece run in its page's unit of work. */
import type { Kysely } from 'kysely';
import type { Batch, Received as Parsed } from '../../../../shared/domain';
import { compiledOnce } from '../dialect/bulk';
import type { BulkInsert, Column } from '../dialect/bulkStatements';
import type { ReadableDB } from '../work/handles';
import type { Database } from '../schema';
import { chunks } from '../work/chunks';
import { execute, firstOf, rowsOf, runRead, type Work, type WorkTarget } from '../work/work';

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

/** The columns the sync writes; all but the first two are updated when the deposit's raw JSON changed. */
const BATCH_COLUMNS: readonly Column[] = [
  { name: 'id', type: 'text' },
  { name: 'first_seen_at', type: 'text' },
  { name: 'payee_id', type: 'bigint' },
  { name: 'date', type: 'text' },
  { name: 'payment_method', type: 'text' },
  { name: 'total_cents', type: 'bigint' },
  { name: 'fees_cents', type: 'bigint' },
  { name: 'partial_cents', type: 'bigint' },
  { name: 'total_count', type: 'bigint' },
  { name: 'raw', type: 'text' },
  { name: 'updated_at', type: 'text' },
];
const BATCH_UPDATES = BATCH_COLUMNS.slice(2).map((column) => column.name);
const upsertBatchRows: BulkInsert = {
  kind: 'insert',
  table: 'batches',
  columns: BATCH_COLUMNS,
  tail: `ON CONFLICT (id) DO UPDATE SET ${BATCH_UPDATES.map((column) => `${column} = excluded.${column}`).join(', ')}
  WHERE batches.raw IS DISTINCT FROM excluded.raw
  RETURNING id`,
};

/**
 * Inserts or updates a page's deposits; yields the ids of those written (an unchanged raw JSON writes
 * nothing), as its dialect writes many rows.
 */
export function* upsertBatchesWork(
  target: WorkTarget,
  db: Kysely<Database>,
  batches: ReadonlyArray<Parsed<Batch>>,
  now: string,
): Work<string[]> {
  const written: string[] = [];
  if (!batches.length) return written;
  // One statement may not touch a row twice: a page listing a deposit twice keeps its last.
  const rows = [...new Map(batches.map((batch) => [batch.value.id, batch])).values()].map(({ value, raw }) => [
    value.id,
    now,
    value.payeeId,
    value.date,
    value.paymentMethod,
    value.totalCents,
    value.feesCents,
    value.partialCents,
    value.totalCount,
    raw,
    now,
  ]);
  const returned = yield* rowsOf(target.dialect.bulk<{ id: string }>(upsertBatchRows, rows));
  for (const row of returned) written.push(row.id);
  return written;
}

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
