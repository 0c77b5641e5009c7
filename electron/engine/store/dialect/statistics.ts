/**
 * The query planner's picture of the data, brought up to date after a sync wrote many rows (what
 * each database needs: its dialect's refreshStatistics).
 */
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

export function refreshPlannerStatistics(
  { db, dialect }: WritableDB,
  tables: readonly SyncedTable[] = SYNCED_TABLES,
): Promise<void> {
  return dialect.refreshStatistics(db, tables);
}
