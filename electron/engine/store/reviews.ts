/** Batch reviews (sign-off, unsign, re-open): append-only rows; the last one is a batch's review state. */
import { createHash } from 'node:crypto';
import type { BatchChecksTable, BatchReviewRow, BatchRow, Database } from './schema';
import type { BatchPreparationsTable } from './teamSchema';
import type { Insertable, Selectable } from 'kysely';
import { inTransaction, type ReadableDB, type WritableDB } from './handles';
import { statement } from './statements';

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

/** A batch, its checks, latest review and latest preparation, read on the write connection (call inside a transaction). */
export function reviewSnapshot(writer: WritableDB, batchId: string): ReviewSnapshot {
  const { sqlite } = writer;
  return {
    batch: statement(sqlite, 'SELECT * FROM batches WHERE id = ?').get(batchId) as BatchRow | undefined,
    checks: statement(sqlite, 'SELECT * FROM batch_checks WHERE batch_id = ?').get(batchId) as CheckRow | undefined,
    latest: statement(sqlite, 'SELECT * FROM batch_reviews WHERE batch_id = ? ORDER BY id DESC LIMIT 1').get(
      batchId,
    ) as BatchReviewRow | undefined,
    prepared: statement(sqlite, 'SELECT * FROM batch_preparations WHERE batch_id = ? ORDER BY id DESC LIMIT 1').get(
      batchId,
    ) as Selectable<BatchPreparationsTable> | undefined,
  };
}

/**
 * Appends a review in one transaction with the read it depends on: `decide` sees the batch, its
 * checks and its latest review as they are inside the transaction and returns the row to write, or
 * throws to refuse. Two callers can never both act on the same state (better-sqlite3 runs the
 * transaction to the end before anything else touches the connection).
 */
export function appendReviewGuarded(
  writer: WritableDB,
  batchId: string,
  decide: (state: ReviewSnapshot) => NewReview,
): BatchReviewRow {
  return inTransaction(writer, () => {
    const { sqlite } = writer;
    const review = decide(reviewSnapshot(writer, batchId));
    const id = statement(
      sqlite,
      `INSERT INTO batch_reviews (batch_id, action, by, at, note, total_cents, fees_cents, partial_cents, total_count, fingerprint)
       VALUES (@batch_id, @action, @by, @at, @note, @total_cents, @fees_cents, @partial_cents, @total_count, @fingerprint)`,
    ).run({ ...review, note: review.note ?? null, fingerprint: review.fingerprint ?? null }).lastInsertRowid;
    return statement(sqlite, 'SELECT * FROM batch_reviews WHERE id = ?').get(Number(id)) as BatchReviewRow;
  });
}
