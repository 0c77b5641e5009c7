/** Batch reviews (sign-off, unsign, re-open): append-only rows; the last one is a batch's review state. */
import { createHash } from 'node:crypto';
import type { BatchChecksTable, BatchReviewRow, BatchRow, Database } from '../schema';
import type { BatchPreparationsTable } from '../team/teamSchema';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { WritableDB, ReadableDB } from '../work/handles';
import { firstOf, rowsOf, runWrite, type Work } from '../work/work';
import { refuseClosedBatches } from '../months/repository';

export type NewReview = Omit<Insertable<Database['batch_reviews']>, 'id'>;
type CheckRow = Selectable<BatchChecksTable>;

/** What a caller saw of a batch's checks: sign-off refuses when it moved since. */
export function checksRevision(fingerprint: string): string {
  return createHash('sha256').update(fingerprint).digest('hex').slice(0, 16);
}

/** The last review row of each batch (by id, the order they were written). */
export async function latestReviews(
  { db }: ReadableDB,
  batchIds: readonly string[],
): Promise<Map<string, BatchReviewRow>> {
  const map = new Map<string, BatchReviewRow>();
  if (batchIds.length === 0) return map;
  const rows = await db
    .selectFrom('batch_reviews as r')
    .selectAll()
    .where('r.batch_id', 'in', batchIds as string[])
    .where((eb) =>
      eb(
        'r.id',
        '=',
        eb
          .selectFrom('batch_reviews as last')
          .select((e) => e.fn.max('last.id').as('id'))
          .whereRef('last.batch_id', '=', 'r.batch_id'),
      ),
    )
    .execute();
  for (const row of rows) map.set(row.batch_id, row);
  return map;
}

export function reviewHistory({ db }: ReadableDB, batchId: string): Promise<BatchReviewRow[]> {
  return db.selectFrom('batch_reviews').selectAll().where('batch_id', '=', batchId).orderBy('id').execute();
}

export async function insertReview({ db }: WritableDB, review: NewReview): Promise<void> {
  await db.insertInto('batch_reviews').values(review).execute();
}

export interface ReviewSnapshot {
  batch: BatchRow | undefined;
  checks: CheckRow | undefined;
  latest: BatchReviewRow | undefined;
  /** Team mode: the batch's latest preparation (migration 009), for a separate approver. */
  prepared: Selectable<BatchPreparationsTable> | undefined;
}

/** A batch, its checks, latest review and latest preparation, read inside the unit of work that acts on them. */
export function* reviewSnapshot(db: Kysely<Database>, batchId: string): Work<ReviewSnapshot> {
  return {
    batch: yield* firstOf(db.selectFrom('batches').selectAll().where('id', '=', batchId)),
    checks: yield* firstOf(db.selectFrom('batch_checks').selectAll().where('batch_id', '=', batchId)),
    latest: yield* firstOf(
      db.selectFrom('batch_reviews').selectAll().where('batch_id', '=', batchId).orderBy('id', 'desc').limit(1),
    ),
    prepared: yield* firstOf(
      db.selectFrom('batch_preparations').selectAll().where('batch_id', '=', batchId).orderBy('id', 'desc').limit(1),
    ),
  };
}

/**
 * Appends a review in one unit of work with the read it depends on: `decide` sees the batch, its
 * checks and its latest review as they are inside the transaction and returns the row to write, or
 * throws to refuse. Two callers can never both act on the same state: SQLite runs the unit to the
 * end before anything else touches the connection; PostgreSQL runs it SERIALIZABLE and runs it
 * again after a conflict, when `decide` sees the other's review and refuses.
 */
export function appendReviewGuarded(
  writer: WritableDB,
  batchId: string,
  decide: (state: ReviewSnapshot) => NewReview,
): Promise<BatchReviewRow> {
  return runWrite(writer, function* (db) {
    // A closed month is locked (DESIGN.md §13): decided in this unit, so a close committed first holds.
    yield* refuseClosedBatches(db, [batchId], `Cannot change the sign-off of deposit ${batchId}`);
    const review = decide(yield* reviewSnapshot(db, batchId));
    const [row] = yield* rowsOf(
      db
        .insertInto('batch_reviews')
        .values({ ...review, note: review.note ?? null, fingerprint: review.fingerprint ?? null })
        .returningAll(),
    );
    return row!;
  });
}
