/**
 * The packets of closed months (DESIGN.md §13): stored at close with their SHA-256, marked superseded
 * (never deleted) on re-open, removed only once the retention period is over (close/packet decides).
 */
import type { ReadableDB, WritableDB } from '../work/handles';
import { execute, firstOf, rowsOf, runRead, runWrite } from '../work/work';
import type { MonthPacketRow, StoredPacketRow } from './types';

export interface NewPacket {
  month: string;
  payeeId: number;
  sha256: string;
  bytes: Uint8Array;
  closedBy: string;
  closedAt: string;
  storedAt: string;
}

const WITHOUT_BYTES = [
  'id',
  'month',
  'payee_id',
  'sha256',
  'closed_by',
  'closed_at',
  'stored_at',
  'superseded_by',
  'superseded_at',
  'superseded_reason',
] as const;

function numbered<R extends { id: number; payee_id: number }>(row: R): R {
  // PostgreSQL's bigint columns arrive as text unless small; the row speaks numbers either way.
  return { ...row, id: Number(row.id), payee_id: Number(row.payee_id) };
}

/** Stores a closed month's packet; its id. */
export async function insertPacket(writer: WritableDB, packet: NewPacket): Promise<number> {
  const row = await runWrite(writer, function* (db) {
    return yield* firstOf(
      db
        .insertInto('month_packets')
        .values({
          month: packet.month,
          payee_id: packet.payeeId,
          sha256: packet.sha256,
          bytes: Buffer.from(packet.bytes),
          closed_by: packet.closedBy,
          closed_at: packet.closedAt,
          stored_at: packet.storedAt,
          superseded_by: null,
          superseded_at: null,
          superseded_reason: null,
        })
        .returning('id'),
    );
  });
  return Number(row!.id);
}

/** The month's packets of a school (0: the district), oldest first, without their bytes. */
export function packetsOf(reader: ReadableDB, month: string, payeeId: number): Promise<StoredPacketRow[]> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(
      db
        .selectFrom('month_packets')
        .select([...WITHOUT_BYTES])
        .where('month', '=', month)
        .where('payee_id', '=', payeeId)
        .orderBy('id'),
    );
    return rows.map(numbered);
  });
}

/** One stored packet with its bytes. */
export async function packetById(reader: ReadableDB, id: number): Promise<MonthPacketRow | undefined> {
  const row = await runRead(reader, function* (db) {
    return yield* firstOf(db.selectFrom('month_packets').selectAll().where('id', '=', id));
  });
  return row ? { ...numbered(row), bytes: new Uint8Array(row.bytes) } : undefined;
}

/** Marks the month's current packets superseded (kept); how many it marked. */
export function markSuperseded(
  writer: WritableDB,
  { month, payeeId, by, at, reason }: { month: string; payeeId: number; by: string; at: string; reason: string },
): Promise<number> {
  return runWrite(writer, function* (db) {
    return yield* execute(
      db
        .updateTable('month_packets')
        .set({ superseded_by: by, superseded_at: at, superseded_reason: reason })
        .where('month', '=', month)
        .where('payee_id', '=', payeeId)
        .where('superseded_at', 'is', null),
    );
  });
}

/** Removes one stored packet; whether it was there. */
export async function deletePacket(writer: WritableDB, id: number): Promise<boolean> {
  const removed = await runWrite(writer, function* (db) {
    return yield* execute(db.deleteFrom('month_packets').where('id', '=', id));
  });
  return removed > 0;
}
