import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { foldForSearch } from '../../dialect/searchFold';

/**
 * Frozen. Every payer can be found (issue 30): the sync fetches each transaction's payer
 * (GET /txns/:id), and search matches the payer's name folded (searchFold.ts: lower case, accents
 * off), so "nunez" finds "Núñez" on both dialects.
 *
 * payer_search: the payer's name folded; '' once the details were fetched and the service names
 * no payer (so they are not fetched again); NULL while the details have not been fetched, which
 * is what the sync's details phase looks for (a partial index on those, small once they are done).
 * The search indexes move from payer_name to payer_search: SQLite's FTS5 trigram table and its
 * triggers are made again over (payer_search, data), PostgreSQL's pg_trgm index likewise.
 * Payers already stored (transactions someone opened) are folded here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('transactions').addColumn('payer_search', 'text').execute();
  const named = await db
    .selectFrom('transactions')
    .select(['id', 'payer_name'])
    .where('payer_name', 'is not', null)
    .execute();
  for (const row of named as Array<{ id: number; payer_name: string }>) {
    await db
      .updateTable('transactions')
      .set({ payer_search: foldForSearch(row.payer_name) })
      .where('id', '=', row.id)
      .execute();
  }
  await sql`CREATE INDEX transactions_without_details ON transactions (id) WHERE payer_search IS NULL`.execute(db);
  if (postgres) {
    await sql`DROP INDEX transactions_search`.execute(db);
    await sql`CREATE INDEX transactions_search ON transactions
      USING gin (payer_search gin_trgm_ops, data gin_trgm_ops)
      WHERE payer_search IS NOT NULL OR data IS NOT NULL`.execute(db);
    return;
  }
  for (const trigger of ['insert', 'delete', 'update'])
    await sql.raw(`DROP TRIGGER transactions_search_${trigger}`).execute(db);
  await sql`DROP TABLE transactions_search`.execute(db);
  await sql`CREATE VIRTUAL TABLE transactions_search USING fts5(payer_search, data, content='transactions', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  // Rows with nothing to find stay out of the index, as in 003 (most rows until their payer is fetched).
  await sql`CREATE TRIGGER transactions_search_insert AFTER INSERT ON transactions
    WHEN new.payer_search <> '' OR new.data IS NOT NULL BEGIN
      INSERT INTO transactions_search(rowid, payer_search, data) VALUES (new.id, new.payer_search, new.data);
    END`.execute(db);
  await sql`CREATE TRIGGER transactions_search_delete AFTER DELETE ON transactions
    WHEN old.payer_search <> '' OR old.data IS NOT NULL BEGIN
      INSERT INTO transactions_search(transactions_search, rowid, payer_search, data) VALUES ('delete', old.id, old.payer_search, old.data);
    END`.execute(db);
  await sql`CREATE TRIGGER transactions_search_update AFTER UPDATE OF payer_search, data ON transactions BEGIN
      INSERT INTO transactions_search(transactions_search, rowid, payer_search, data)
        SELECT 'delete', old.id, old.payer_search, old.data WHERE old.payer_search <> '' OR old.data IS NOT NULL;
      INSERT INTO transactions_search(rowid, payer_search, data)
        SELECT new.id, new.payer_search, new.data WHERE new.payer_search <> '' OR new.data IS NOT NULL;
    END`.execute(db);
  await sql`INSERT INTO transactions_search(transactions_search) VALUES ('rebuild')`.execute(db);
}
