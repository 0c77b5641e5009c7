import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Issue 28 item 3: a bank line matched to a deposit slip (DESIGN.md §10, §12). The bank
 * credits what the office counted and took to the bank, which is the slip's counted total, not its
 * collections' (over/short); the match names the slip, and still holds the slip's batches in
 * bank_matched_batches so "a batch is never matched to two lines" and the month's "matched or in
 * transit" read as before.
 *
 * bank_matches.slip_id: the slip a match (or suggestion) is; null for batches and returns. Its `how`
 * stays within the existing CHECK ('exact': the line equals the slip's counted total), so neither
 * database's table has to be rebuilt.
 * bank_matches_one_per_slip: a slip is held by at most one live match, as a return is.
 *
 * Written with kysely's schema builder so it runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_matches').addColumn('slip_id', 'text').execute();
  await db.schema
    .createIndex('bank_matches_one_per_slip')
    .on('bank_matches')
    .column('slip_id')
    .unique()
    .where('slip_id', 'is not', null)
    .where(sql.ref('status'), '<>', 'suggested')
    .where(sql.ref('undone_at'), 'is', null)
    .execute();
}
