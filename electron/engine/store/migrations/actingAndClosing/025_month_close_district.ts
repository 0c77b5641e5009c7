import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 29 item 1: the district's name as it was when the month was closed. A closed month's
 * packet is byte-identical every time it is printed and its SHA-256 was stored at close, so the
 * packet of a closed month prints the name it was closed under, not Settings' name of today.
 *
 * month_closes.district_name: the name the close printed (Settings' districtName, or the neutral
 * default where none was set); null on a month not closed since this migration (read as the default,
 * the only name a packet could print before the setting existed).
 *
 * Written with kysely's schema builder so it runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('month_closes').addColumn('district_name', 'text').execute();
}
