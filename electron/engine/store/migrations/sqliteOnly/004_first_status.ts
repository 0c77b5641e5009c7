import { sql, type Kysely } from 'kysely';

/**
 * Frozen. A transaction's first status, so a routine first sighting (a new Pending or Settled sale)
 * needs no stored change row: the timeline's "first seen" is rebuilt from first_status,
 * first_seen_at and first_seen_run_id. Backfilled from the first_seen rows written until now;
 * a transaction with none (there should be none) takes its current status.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('first_status', 'text').execute();
  await sql`UPDATE transactions SET first_status = COALESCE(
      (SELECT c.to_status FROM transaction_changes c
        WHERE c.transaction_id = transactions.id AND c.kind = 'first_seen' ORDER BY c.id LIMIT 1),
      status)`.execute(db);
}
