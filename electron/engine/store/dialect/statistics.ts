/**
 * The query planner's picture of the data, brought up to date after a sync wrote many rows. PostgreSQL
 * plans from statistics that autovacuum refreshes only a while after a bulk load; until then a
 * freshly synced server may pick a plan for empty tables (the Changes list joined every transaction
 * before taking its first page: ~17 ms instead of ~3 ms on a 90,000-transaction store, ~60 ms at
 * 300,000). SQLite plans from its indexes alone here (no sqlite_stat tables), so it has nothing to do.
 */
import { sql } from 'kysely';
import type { WritableDB } from '../work/handles';

/** The tables a sync writes. */
export const SYNCED_TABLES = [
  'transactions',
  'transaction_items',
  'transaction_changes',
  'batches',
  'gl_batches',
  'batch_checks',
] as const;

export type SyncedTable = (typeof SYNCED_TABLES)[number];

export async function refreshPlannerStatistics(
  { db, sqlite }: WritableDB,
  tables: readonly SyncedTable[] = SYNCED_TABLES,
): Promise<void> {
  if (sqlite || !tables.length) return;
  // ANALYZE takes a lock that reads and writes do not wait for; only another ANALYZE or VACUUM does.
  await sql.raw(`ANALYZE ${tables.join(', ')}`).execute(db);
}
