import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 28: refunds, voids and cash/check collections, each reaching the service once
 * (DESIGN.md §12).
 *
 * payment_intents: one row per write we mean to make, stored BEFORE anything is sent. Its id is the
 * client reference (a collection also sends it in `data`, so a lost answer can be looked for).
 * `active_key` is `txn:<id>` while a refund or void of that transaction is awaiting approval, being
 * sent or in doubt, and NULL otherwise: unique, so two people acting on one transaction at once
 * cannot both hold it (NULLs never collide, on SQLite or PostgreSQL).
 *
 * payment_intent_events: the auditor's trail of each intent (who, when, what happened), numbered
 * per intent.
 *
 * Written with kysely's schema builder so it runs on SQLite and PostgreSQL alike; text keys, so no
 * dialect's auto-increment is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint')
    .addColumn('payee_id', 'bigint')
    .addColumn('amount_cents', 'bigint')
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'text')
    .addColumn('before_raw', 'text')
    .addColumn('since_id', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result_raw', 'text')
    .addColumn('message', 'text')
    .addColumn('active_key', 'text', (c) => c.unique())
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_intents_by_state')
    .on('payment_intents')
    .columns(['state', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('payment_intents_by_transaction')
    .on('payment_intents')
    .column('transaction_id')
    .execute();
  await db.schema
    .createTable('payment_intent_events')
    .addColumn('intent_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('payment_intent_events_pk', ['intent_id', 'seq'])
    .execute();
}
