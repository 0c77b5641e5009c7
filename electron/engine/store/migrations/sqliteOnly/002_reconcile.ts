import type { Kysely } from 'kysely';

/**
 * Frozen. Tie-out verdicts precomputed per batch (batches.list stays a keyset scan over batches even
 * with millions of transactions), the local state a sign-off saw (so a later change re-opens it), and
 * who made an export plus the workbook written beside a CSV layout.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batch_checks')
    .addColumn('batch_id', 'text', (c) => c.primaryKey())
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addColumn('difference_cents', 'integer', (c) => c.notNull())
    // JSON Check[]: the checks with their explanations, as computed at computed_at.
    .addColumn('checks', 'text', (c) => c.notNull())
    // Local state the checks saw (counts and sums of transactions and GL rows): compared at sign-off.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_checks_by_verdict').on('batch_checks').columns(['verdict', 'batch_id']).execute();

  await db.schema.alterTable('batch_reviews').addColumn('fingerprint', 'text').execute();
  await db.schema.alterTable('transaction_changes').addColumn('acknowledged_by', 'text').execute();
  await db.schema.alterTable('exports').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('exports').addColumn('companion_file', 'text').execute();
  await db.schema.alterTable('exports').addColumn('total_without_fees_cents', 'integer').execute();
  await db.schema.createIndex('exports_by_range').on('exports').columns(['from_date', 'to_date']).execute();
}
