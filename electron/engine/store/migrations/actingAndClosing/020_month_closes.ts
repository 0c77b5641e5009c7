import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 29: closing a month per school (DESIGN.md §13).
 *
 * month_closes: one row per school (payee) and month ('YYYY-MM') that was ever submitted or closed;
 * `state` is submitted | closed | open (re-opened). "ready" is never stored: the checklist computes it.
 * month_close_events: the month's trail (submitted, closed, reopened with the reason), numbered per
 * school and month, never rewritten.
 *
 * Written with kysely's schema builder and text or integer keys so it runs on SQLite and PostgreSQL
 * alike with no dialect's auto-increment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('month_closes')
    .addColumn('payee_id', 'bigint', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('submitted_by', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('closed_by', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('self_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('month_closes_pk', ['payee_id', 'month'])
    .execute();
  await db.schema.createIndex('month_closes_by_state').on('month_closes').columns(['state', 'month']).execute();
  await db.schema
    .createTable('month_close_events')
    .addColumn('payee_id', 'bigint', (c) => c.notNull())
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('month_close_events_pk', ['payee_id', 'month', 'seq'])
    .execute();
}
