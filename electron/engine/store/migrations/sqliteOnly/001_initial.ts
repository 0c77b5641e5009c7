import { sql, type Kysely } from 'kysely';

/** Frozen: the first schema. Never edit; add a migration instead. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payees')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('merchant_id', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('gl_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('order_id', 'integer')
    .addColumn('payee_id', 'integer', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_message', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('convenience_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch_id', 'text')
    .addColumn('data', 'text')
    .addColumn('payer_name', 'text')
    .addColumn('gl_account_id', 'text')
    .addColumn('business_date', 'text', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('first_seen_run_id', 'integer')
    .execute();
  // Keyset paging: every list orders by (business_date, id) within its filter.
  await db.schema.createIndex('transactions_by_date').on('transactions').columns(['business_date', 'id']).execute();
  await db.schema
    .createIndex('transactions_by_payee_date')
    .on('transactions')
    .columns(['payee_id', 'business_date', 'id'])
    .execute();
  await db.schema
    .createIndex('transactions_by_status_date')
    .on('transactions')
    .columns(['status', 'business_date', 'id'])
    .execute();
  // Covering index for a batch's sums (count, total, fees) without touching the table.
  await db.schema
    .createIndex('transactions_by_batch')
    .on('transactions')
    .columns(['batch_id', 'amount_cents', 'convenience_fee_cents', 'id'])
    .where(sql.ref('batch_id'), 'is not', null)
    .execute();

  await db.schema
    .createTable('transaction_items')
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('transactions.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('gl_account_id', 'text')
    .addColumn('student_number', 'text')
    .addColumn('student_name', 'text')
    .addColumn('raw', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('transaction_items_pk', ['transaction_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('sync_runs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('transactions_inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transactions_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changes_recorded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batches_synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gl_batches_synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('transaction_changes')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('transaction_id', 'integer', (c) => c.notNull().references('transactions.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('delta_cents', 'integer')
    .addColumn('detail', 'text')
    .addColumn('sync_run_id', 'integer', (c) => c.references('sync_runs.id'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text')
    .execute();
  await db.schema
    .createIndex('changes_by_transaction')
    .on('transaction_changes')
    .columns(['transaction_id', 'id'])
    .execute();
  await db.schema
    .createIndex('changes_unacknowledged')
    .on('transaction_changes')
    .columns(['acknowledged_at', 'id'])
    .execute();

  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payee_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('fees_cents', 'integer', (c) => c.notNull())
    .addColumn('partial_cents', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batches_by_date').on('batches').columns(['date', 'id']).execute();

  await db.schema
    .createTable('gl_batches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('gl_batch_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('payee_id', 'integer', (c) => c.notNull())
    .addColumn('gl_account_id', 'text')
    .addColumn('gl_number', 'text')
    .addColumn('gl_label', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_without_fees_cents', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('synced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('gl_batches_by_date').on('gl_batches').columns(['date', 'payee_id']).execute();
  await db.schema
    .createIndex('gl_batches_by_batch')
    .on('gl_batches')
    .columns(['batch_id', 'amount_cents', 'amount_without_fees_cents'])
    .execute();

  await db.schema
    .createTable('sync_cursors')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('batch_reviews')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('fees_cents', 'integer', (c) => c.notNull())
    .addColumn('partial_cents', 'integer', (c) => c.notNull())
    .addColumn('total_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('batch_reviews_by_batch').on('batch_reviews').columns(['batch_id', 'id']).execute();

  await db.schema
    .createTable('exports')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('payee_ids', 'text', (c) => c.notNull())
    .addColumn('methods', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
