/** Batches waiting for their checks (table batches_to_check): durable, so a killed run's successor finishes them. */
import type { Kysely } from 'kysely';
import { chunks } from './chunks';
import type { ReadableDB, WritableDB } from './handles';
import type { Database } from './schema';
import { execute, runWrite, type Work } from './work';

/** Run in the unit of work of the page that touched them. */
export function* markBatchesToCheckWork(db: Kysely<Database>, batchIds: readonly string[], now: string): Work<void> {
  for (const slice of chunks(batchIds))
    yield* execute(
      db
        .insertInto('batches_to_check')
        .values(slice.map((batch_id) => ({ batch_id, since: now })))
        .onConflict((oc) => oc.column('batch_id').doNothing()),
    );
}

export async function batchesToCheck({ db }: ReadableDB): Promise<string[]> {
  const rows = await db.selectFrom('batches_to_check').select('batch_id').orderBy('batch_id').execute();
  return rows.map((row) => row.batch_id);
}

export function clearBatchesToCheck(writer: WritableDB, batchIds: readonly string[]): Promise<void> {
  return runWrite(writer, function* (db) {
    for (const slice of chunks(batchIds))
      yield* execute(db.deleteFrom('batches_to_check').where('batch_id', 'in', slice));
  });
}
