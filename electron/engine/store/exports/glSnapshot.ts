/**
 * An export reads the store through a snapshot of its own (its dialect's openSnapshot): its passes
 * (GL rows, journal, ERP layout) must agree with each other and with its claim even while a sync
 * writes, and it streams its rows at the pace the files drain to disk without holding up the
 * store's own connections.
 */
import type { ReadableDB } from '../work/handles';

export interface SnapshotSource {
  reader: ReadableDB;
}

export interface GlSnapshot {
  /** Read through this: glRowsOf, and other repositories' units of work (the export's reversals). */
  readonly source: ReadableDB;
  close(): Promise<void>;
}

export async function openGlSnapshot({ reader }: SnapshotSource): Promise<GlSnapshot> {
  const snapshot = await reader.dialect.openSnapshot(reader.db);
  return { source: { db: snapshot.db, dialect: snapshot.dialect } as ReadableDB, close: () => snapshot.close() };
}
