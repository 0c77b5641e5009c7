/** Who marked a deposit prepared (migration 009), for "the approver must differ from the preparer". */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { reviewSnapshot, type ReviewSnapshot } from './reviews';
import { execute, firstOf, runWrite, type Work } from '../work/work';
import type { BatchPreparationsTable } from '../team/teamSchema';
import { refuseClosedBatches } from '../months/repository';

export type BatchPreparationRow = Selectable<BatchPreparationsTable>;

export async function insertPreparation(
  { db }: WritableDB,
  preparation: Insertable<BatchPreparationsTable>,
): Promise<void> {
  await db.insertInto('batch_preparations').values(preparation).execute();
}

/** A deposit's latest preparation, as a step of a unit of work (a batch's detail reads it on its snapshot). */
export function* latestPreparationOf(db: Kysely<Database>, batchId: string): Work<BatchPreparationRow | undefined> {
  return yield* firstOf(latestPreparationQuery(db, batchId));
}

/** The query of latestPreparationOf, its columns named (a batch's detail reads it as a JSON array). */
export function latestPreparationQuery(db: Kysely<Database>, batchId: string) {
  return db
    .selectFrom('batch_preparations')
    .select(['id', 'batch_id', 'by', 'at', 'note', 'fingerprint'])
    .where('batch_id', '=', batchId)
    .orderBy('id', 'desc')
    .limit(1);
}

/**
 * Appends a preparation in one unit of work with the review state it depends on (see
 * appendReviewGuarded): `decide` sees the batch's checks and latest review and returns the row to
 * write, or throws to refuse.
 */
export async function appendPreparationGuarded(
  writer: WritableDB,
  batchId: string,
  decide: (state: ReviewSnapshot) => Insertable<BatchPreparationsTable>,
): Promise<void> {
  await runWrite(writer, function* (db) {
    yield* refuseClosedBatches(db, [batchId], `Cannot prepare deposit ${batchId}`);
    const row = decide(yield* reviewSnapshot(db, batchId));
    yield* execute(db.insertInto('batch_preparations').values({ ...row, note: row.note ?? null }));
  });
}
