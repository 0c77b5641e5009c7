import type { Kysely } from 'kysely';

/**
 * Frozen. A digest of each transaction's raw JSON (api/wire.ts rawDigest), so the nightly re-read
 * of the refresh window can leave out, before validating them, the transactions whose JSON has not
 * changed. NULL where not yet known: rows stored before this migration get theirs the next time
 * the sync reads them, so nothing is backfilled here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('raw_digest', 'text').execute();
}
