/**
 * Back-pressure for exceljs's streaming writer, which has none: a sheet's rows are handed to the zip
 * through a stream whose write() never says "wait", and zlib and the file write only run on turns of
 * the event loop. A loop that commits rows without yielding piles the whole sheet's XML up in memory
 * (hundreds of MB for 100k rows), and buffers that wait long enough to reach the old generation stay
 * allocated until a full GC even once written. So every few rows the writer gives the loop a turn and,
 * while the zip is behind, waits for it.
 *
 * How far behind the zip is comes from the stream archiver wraps each sheet in (exceljs 4 with
 * archiver 5: the sheet stream's first pipe, a readable-stream PassThrough). Those are internals, so
 * they are read defensively: if the shape is not there, the writer still yields every few rows.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** Rows between turns of the event loop (a few tens of KB of XML). */
export const ROWS_PER_TURN = 50;
/** Bytes of a sheet's XML the zip may have pending before the writer waits for it. */
const MAX_BACKLOG = 256 * 1024;

interface StreamState {
  length?: unknown;
}

function stateLength(state: StreamState | undefined): number | null {
  return typeof state?.length === 'number' ? state.length : null;
}

/** Bytes of this sheet handed to the zip and not yet taken by its compressor; null when it can't be told. */
export function zipBacklog(sheet: object): number | null {
  const stream = (sheet as { stream?: { pipes?: unknown } }).stream;
  const pipes = stream?.pipes;
  const sink = Array.isArray(pipes)
    ? (pipes[0] as { _writableState?: StreamState; _readableState?: StreamState })
    : undefined;
  if (!sink) return null;
  const writable = stateLength(sink._writableState);
  const readable = stateLength(sink._readableState);
  return writable === null || readable === null ? null : writable + readable;
}

/** A turn of the event loop, then, while the zip has more than MAX_BACKLOG pending, waits for it. */
export async function letZipCatchUp(sheet: object): Promise<void> {
  await nextTurn();
  for (let backlog = zipBacklog(sheet); backlog !== null && backlog > MAX_BACKLOG; backlog = zipBacklog(sheet)) {
    await sleep(1);
  }
}
