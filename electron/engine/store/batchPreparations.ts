/** Who marked a deposit prepared (migration 009), for "the approver must differ from the preparer". */
import type { Insertable, Selectable } from 'kysely';
import { inTransaction, type ReadableDB, type WritableDB } from './handles';
import { reviewSnapshot, type ReviewSnapshot } from './reviews';
import { statement } from './statements';
import type { BatchPreparationsTable } from './teamSchema';

export type BatchPreparationRow = Selectable<BatchPreparationsTable>;

export async function insertPreparation(
  { db }: WritableDB,
  preparation: Insertable<BatchPreparationsTable>,
): Promise<void> {
  await db.insertInto('batch_preparations').values(preparation).execute();
}

export function latestPreparation({ db }: ReadableDB, batchId: string): Promise<BatchPreparationRow | undefined> {
  return db
    .selectFrom('batch_preparations')
    .selectAll()
    .where('batch_id', '=', batchId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Appends a preparation in one transaction with the review state it depends on (see
 * appendReviewGuarded): `decide` sees the batch's checks and latest review and returns the row to
 * write, or throws to refuse.
 */
export function appendPreparationGuarded(
  writer: WritableDB,
  batchId: string,
  decide: (state: ReviewSnapshot) => Insertable<BatchPreparationsTable>,
): void {
  inTransaction(writer, () => {
    const row = decide(reviewSnapshot(writer, batchId));
    statement(
      writer.sqlite,
      'INSERT INTO batch_preparations (batch_id, by, at, note, fingerprint) VALUES (@batch_id, @by, @at, @note, @fingerprint)',
    ).run({ ...row, note: row.note ?? null });
  });
}
