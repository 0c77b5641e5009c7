/** Batches waiting for their checks (table batches_to_check): durable, so a killed run's successor finishes them. */
import { CompiledQuery, type Kysely } from 'kysely';
import { compiledOnce } from '../dialect/bulk';
import { chunks } from '../work/chunks';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { execute, runWrite, type Work, type WorkTarget } from '../work/work';

// One statement for every page: a multi-row insert would be a new text, prepared anew, per count of batches.
const markOne = compiledOnce((db, batchId: string, since: string) =>
  db
    .insertInto('batches_to_check')
    .values({ batch_id: batchId, since })
    .onConflict((oc) => oc.column('batch_id').doNothing()),
);

/**
 * Run in the unit of work of the page that touched them. SQLite: one prepared statement per deposit;
 * PostgreSQL, where each statement is a round trip: one for all of them.
 */
export function* markBatchesToCheckWork(
  target: WorkTarget,
  db: Kysely<Database>,
  batchIds: readonly string[],
  now: string,
): Work<void> {
  if (target.sqlite) {
    for (const batchId of batchIds) yield* execute(markOne(db, batchId, now));
    return;
  }
  yield* execute({
    compile: () =>
      CompiledQuery.raw(
        `INSERT INTO batches_to_check (batch_id, since)
           SELECT value, $2 FROM json_array_elements_text($1::json) ON CONFLICT (batch_id) DO NOTHING`,
        [JSON.stringify([...new Set(batchIds)]), now],
      ),
  });
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
