import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 28 item 3: deposit slips. A school's (payee's) business day of cash and check
 * collections grouped into a slip, counted by one person and verified by another (DESIGN.md §12).
 *
 * deposit_slips: the counts as entered (cash by denomination, as JSON of denomination cents to
 * pieces), the collections' totals as recorded when the slip was made, over/short (counted cash and
 * checks minus recorded) and its comment, who counted and who verified.
 * deposit_slip_items: the collections a slip groups; a transaction is on one slip only (unique), so
 * two people making a slip of one day at once cannot both take a collection.
 *
 * Written with kysely's schema builder (text keys, bigint cents) so it runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deposit_slips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payee_id', 'bigint', (c) => c.notNull())
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('recorded_cash_cents', 'bigint', (c) => c.notNull())
    .addColumn('recorded_checks_cents', 'bigint', (c) => c.notNull())
    .addColumn('counted_cash_cents', 'bigint', (c) => c.notNull())
    .addColumn('counted_checks_cents', 'bigint', (c) => c.notNull())
    .addColumn('denominations', 'text', (c) => c.notNull())
    .addColumn('over_short_cents', 'bigint', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('counted_by', 'text', (c) => c.notNull())
    .addColumn('counted_at', 'text', (c) => c.notNull())
    .addColumn('verified_by', 'text')
    .addColumn('verified_at', 'text')
    .addColumn('one_person', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('deposit_slips_by_day')
    .on('deposit_slips')
    .columns(['business_date', 'payee_id'])
    .execute();
  await db.schema
    .createTable('deposit_slip_items')
    .addColumn('slip_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('check_number', 'text')
    .addColumn('payer_name', 'text')
    .execute();
  await db.schema.createIndex('deposit_slip_items_by_slip').on('deposit_slip_items').column('slip_id').execute();
}
