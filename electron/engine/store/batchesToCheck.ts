/** Batches waiting for their checks (table batches_to_check): durable, so a killed run's successor finishes them. */
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';

/** Call inside the transaction of the page that touched them. */
export function markBatchesToCheck({ sqlite }: WritableDB, batchIds: readonly string[], now: string): void {
  const insert = statement(sqlite, 'INSERT OR IGNORE INTO batches_to_check (batch_id, since) VALUES (?, ?)');
  for (const id of batchIds) insert.run(id, now);
}

export function batchesToCheck({ sqlite }: ReadableDB): string[] {
  return (
    statement(sqlite, 'SELECT batch_id FROM batches_to_check ORDER BY batch_id').all() as Array<{
      batch_id: string;
    }>
  ).map((row) => row.batch_id);
}

export function clearBatchesToCheck({ sqlite }: WritableDB, batchIds: readonly string[]): void {
  const remove = statement(sqlite, 'DELETE FROM batches_to_check WHERE batch_id = ?');
  sqlite.transaction(() => {
    for (const id of batchIds) remove.run(id);
  })();
}
