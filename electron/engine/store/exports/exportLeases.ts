/**
 * The lease a pending export holds (migration 015, export/lease.ts): who writes it and when it last
 * said so. Each change is one conditional UPDATE, so of two engines taking over one lapsed export
 * only one gets it, and an owner whose export was taken over learns it at its next heartbeat.
 */
import type { ExportRow } from '../schema';
import type { WritableDB } from '../work/handles';
import { execute, runWrite } from '../work/work';

/** The owner says it is still writing `id`; false when the export is no longer its own to write. */
export function renewExportLease(writer: WritableDB, id: number, owner: string, at: string): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const renewed = yield* execute(
      db
        .updateTable('exports')
        .set({ heartbeat_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('owner', '=', owner),
    );
    return renewed === 1;
  });
}

/**
 * Takes a pending export over from its owner, as last seen (`seen`): false when another engine took
 * it first or its owner beat again since, in which case it is left alone.
 */
export function takeOverExport(
  writer: WritableDB,
  seen: Pick<ExportRow, 'id' | 'owner' | 'heartbeat_at'>,
  owner: string,
  at: string,
): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const taken = yield* execute(
      db
        .updateTable('exports')
        .set({ owner, heartbeat_at: at })
        .where('id', '=', seen.id)
        .where('status', '=', 'pending')
        .where((eb) => (seen.owner === null ? eb('owner', 'is', null) : eb('owner', '=', seen.owner)))
        .where((eb) =>
          seen.heartbeat_at === null ? eb('heartbeat_at', 'is', null) : eb('heartbeat_at', '=', seen.heartbeat_at),
        ),
    );
    return taken === 1;
  });
}
