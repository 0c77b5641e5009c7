/** Batches waiting for their checks (table batches_to_check): durable, so a killed run's successor finishes them. */
import type { BulkInsert } from '../dialect/bulkStatements';
import { chunks } from '../work/chunks';
import type { ReadableDB, WritableDB } from '../work/handles';
import { execute, runWrite, type Work, type WorkTarget } from '../work/work';

const markBatches: BulkInsert = {
  kind: 'insert',
  table: 'batches_to_check',
  columns: [
    { name: 'batch_id', type: 'text' },
    { name: 'since', type: 'text' },
  ],
  tail: 'ON CONFLICT (batch_id) DO NOTHING',
};

/** Run in the unit of work of the page that touched them, as its dialect writes many rows. */
export function* markBatchesToCheckWork(target: WorkTarget, batchIds: readonly string[], now: string): Work<void> {
  if (!batchIds.length) return;
  yield* execute(
    target.dialect.bulk(
      markBatches,
      [...new Set(batchIds)].map((batchId) => [batchId, now]),
    ),
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
