import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 30 items 2 and 4: where money without a Chart of Accounts account goes, and what the
 * ERP calls each account.
 * - default_accounts: the account the bookkeeper chose for a school's GL rows that carry none
 *   (kind 'school', key the payee id as text) and for a transaction item without one (kind 'item',
 *   key the item's name as the service spells it). Nothing is posted to an account not chosen here
 *   or by the service.
 * - erp_account_codes: per ERP layout, the code the ERP knows a Chart of Accounts number by.
 * - exports.report: 1 for a report (issue 30 item 3): a workbook written any number of times that
 *   claims no deposit or reversal; 0 for a posting (every export before this migration).
 * Plain text columns and composite primary keys: the same statements on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('default_accounts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('gl_number', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('default_accounts_pk', ['kind', 'key'])
    .execute();
  await db.schema
    .createTable('erp_account_codes')
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('gl_number', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('erp_account_codes_pk', ['layout', 'gl_number'])
    .execute();
  await db.schema
    .alterTable('exports')
    .addColumn('report', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
