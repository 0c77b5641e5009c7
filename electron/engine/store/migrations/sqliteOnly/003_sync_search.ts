import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Transaction search and lookups: an FTS5 trigram index over payer name and the caller's
 * free text (substring search in a few ms on a million rows; LIKE '%x%' scans them all), kept in
 * step by triggers, and order_id lookups. Sync cursors gain nothing: they stay name -> JSON.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('transactions_by_order').on('transactions').column('order_id').execute();
  await sql`CREATE VIRTUAL TABLE transactions_search USING fts5(payer_name, data, content='transactions', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE TRIGGER transactions_search_insert AFTER INSERT ON transactions
    WHEN new.payer_name IS NOT NULL OR new.data IS NOT NULL BEGIN
      INSERT INTO transactions_search(rowid, payer_name, data) VALUES (new.id, new.payer_name, new.data);
    END`.execute(db);
  await sql`CREATE TRIGGER transactions_search_delete AFTER DELETE ON transactions
    WHEN old.payer_name IS NOT NULL OR old.data IS NOT NULL BEGIN
      INSERT INTO transactions_search(transactions_search, rowid, payer_name, data) VALUES ('delete', old.id, old.payer_name, old.data);
    END`.execute(db);
  await sql`CREATE TRIGGER transactions_search_update AFTER UPDATE OF payer_name, data ON transactions BEGIN
      INSERT INTO transactions_search(transactions_search, rowid, payer_name, data)
        SELECT 'delete', old.id, old.payer_name, old.data WHERE old.payer_name IS NOT NULL OR old.data IS NOT NULL;
      INSERT INTO transactions_search(rowid, payer_name, data)
        SELECT new.id, new.payer_name, new.data WHERE new.payer_name IS NOT NULL OR new.data IS NOT NULL;
    END`.execute(db);
  await sql`INSERT INTO transactions_search(transactions_search) VALUES ('rebuild')`.execute(db);
}
