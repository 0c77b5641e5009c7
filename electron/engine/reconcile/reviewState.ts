import type { Kysely } from 'kysely';
import type { ReviewState } from '../../../shared/domain';
import type { BatchReviewRow, Database } from '../store/schema';

/** The review state is the last review action: signed off, re-opened, or open (never signed, or unsigned). */
export function reviewStateOf(latest: Pick<BatchReviewRow, 'action'> | undefined): ReviewState {
  if (!latest) return 'open';
  if (latest.action === 'sign_off') return 'signed_off';
  if (latest.action === 'reopen') return 'reopened';
  return 'open';
}

/** The last review row of each batch (by id, the order they were written). */
export async function latestReviews(
  db: Kysely<Database>,
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
