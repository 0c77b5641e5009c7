import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Frozen. Issue 26 item 16: who changed which setting, when, from what to what. One row per setting
 * a save changed (a save that changes nothing writes none), written in the same transaction as the
 * setting. Values are JSON text as Settings shows them, with secrets masked before they are stored:
 * the service's token and secret are recorded as changed, never as what they are.
 *
 * Ids order the rows (two saves in one millisecond keep their order): PostgreSQL's is an identity,
 * as the baseline's are, SQLite's a rowid alias.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('settings_changes')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('setting', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .execute();
}
