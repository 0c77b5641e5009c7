import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Frozen. PostgreSQL's search index leaves out the transactions it can never find: those with
 * neither a payer name nor caller data, which is most of them (a list page never carries the payer
 * name). SQLite's FTS5 triggers have skipped them from the start (003: WHEN payer_name IS NOT NULL
 * OR data IS NOT NULL); the pg_trgm GIN index of the baseline indexed their NULLs, and keeping those
 * entries cost a full sync about 4 µs of the server's CPU per transaction. A search's
 * `payer_name ILIKE … OR data ILIKE …` implies the index's condition, so the planner still uses it.
 * SQLite: nothing changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`DROP INDEX transactions_search`.execute(db);
  await sql`CREATE INDEX transactions_search ON transactions
    USING gin (payer_name gin_trgm_ops, data gin_trgm_ops)
    WHERE payer_name IS NOT NULL OR data IS NOT NULL`.execute(db);
}
