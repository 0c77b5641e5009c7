import type { Kysely } from 'kysely';

/**
 * Frozen. Batches a sync touched and has not re-checked yet, written in the same transaction as the
 * page that touched them: a run killed before its checks leaves them here for the next one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batches_to_check')
    .addColumn('batch_id', 'text', (c) => c.primaryKey())
    .addColumn('since', 'text', (c) => c.notNull())
    .execute();
}
