import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Frozen. Issue 29 item 3: the auditor's packet of a closed month (DESIGN.md §13). One row per packet
 * stored at close: its SHA-256 (printed on it) and its bytes, so a closed month's packet can be
 * printed again years later and compared. A re-open marks the row superseded and keeps it; a later
 * close stores a new row. Removal is refused inside the retention period (close/packet/retention.ts).
 *
 * payee_id 0 is the district packet (one cover and summary over the schools'). Ids order the rows:
 * PostgreSQL's an identity, SQLite's a rowid alias, as in 018. Bytes: bytea on PostgreSQL, blob on
 * SQLite (both hand back a Buffer).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('month_packets')
    .addColumn('id', postgres ? 'bigint' : 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('payee_id', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('closed_by', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text', (c) => c.notNull())
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .addColumn('superseded_by', 'text')
    .addColumn('superseded_at', 'text')
    .addColumn('superseded_reason', 'text')
    .execute();
  await db.schema.createIndex('month_packets_by_month').on('month_packets').columns(['month', 'payee_id']).execute();
}
