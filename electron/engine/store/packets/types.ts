/** The packets table (migration 021) as kysely sees it; schema.ts folds it into Database. */
import type { Generated, Selectable } from 'kysely';

export interface MonthPacketsTable {
  id: Generated<number>;
  /** YYYY-MM (Central business dates). */
  month: string;
  /** The school (payee); 0 for the district packet. */
  payee_id: number;
  sha256: string;
  bytes: Uint8Array;
  closed_by: string;
  /** ISO-8601 UTC: the close the packet was printed for (its fixed PDF dates). */
  closed_at: string;
  stored_at: string;
  superseded_by: string | null;
  superseded_at: string | null;
  superseded_reason: string | null;
}

export interface PacketTables {
  month_packets: MonthPacketsTable;
}

export type MonthPacketRow = Selectable<MonthPacketsTable>;
/** A stored packet without its bytes: what lists and the audit trail read. */
export type StoredPacketRow = Omit<MonthPacketRow, 'bytes'>;
