/**
 * A transactions page between its fetch and its write, its objects packed into one buffer by V8's
 * serializer (what postMessage does to a message anyway), unpacked by the writer just before it
 * writes them (issue 31).
 *
 * As objects, the pages waiting (a day is written whole, after its last page; pages fetched ahead)
 * lived long enough to be promoted to the old generation of the fetch worker's heap and the main
 * thread's, where they died: both heaps grew with garbage until a full collection (the main thread's
 * heap to 160 MB with 35 MB live at BENCH_SCALE=0.3). Packed, a waiting page is one buffer outside
 * the heap, freed when it is written, and the objects are made and dropped within one write. The
 * buffer is transferred from the worker, not copied, so the CPU spent is what the structured clone
 * spent: one serialization in the worker, one deserialization on the main thread.
 */
import { deserialize, serialize } from 'node:v8';
import type { TransactionPage } from '../api/client';
import type { KeysetPosition } from '../api/paging';
import type { ParsedTransaction } from '../api/wire';
import { rawBytes } from './limits';

export interface PackedTransactionPage {
  position: KeysetPosition | null;
  last: boolean;
  unchanged: TransactionPage['unchanged'];
  /** The page's objects, and the length of their JSON: the day's bounds count them before they are unpacked. */
  rows: number;
  rawBytes: number;
  packed: Uint8Array;
}

export function packPage({ objects, position, last, unchanged }: TransactionPage): PackedTransactionPage {
  const bytes = serialize(objects);
  // A plain Uint8Array over the same memory (no copy), as a transferred page arrives: one shape
  // whichever thread fetched it.
  const packed = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { position, last, unchanged, rows: objects.length, rawBytes: rawBytes(objects), packed };
}

export function unpackObjects(page: PackedTransactionPage): ParsedTransaction[] {
  return deserialize(page.packed) as ParsedTransaction[];
}

/** A page's buffer, to transfer with it (a value that is no packed page has none). */
export function transferablesOf(value: unknown): ArrayBuffer[] {
  const packed = (value as Partial<PackedTransactionPage> | null)?.packed;
  if (!(packed instanceof Uint8Array)) return [];
  // Only a buffer the page has to itself can be transferred; v8.serialize's always is.
  const whole = packed.byteOffset === 0 && packed.byteLength === packed.buffer.byteLength;
  return whole && packed.buffer instanceof ArrayBuffer ? [packed.buffer] : [];
}

/**
 * Frees an unpacked page's bytes now, not at some later full collection of the writer's heap: a day's
 * pages wait for its last one, so their buffers outlive a few young collections and are promoted,
 * and V8 frees a promoted buffer's memory only when a full collection finds it dead; until then the
 * dead pages of many days added up, outside the heap, to the writer's external memory limit (64 MB
 * at the full sync's peak), in the malloc arena of the fetch worker's thread that made them. Freed
 * at once, the sync's peak at BENCH_SCALE=0.3 held 6-9 MB of buffers, not 23-39, and the threads'
 * arenas 33-45 MB, not 73-80 (bench sync's peak parts). Transferring the buffer to a clone that is dropped at once detaches it
 * here (its length becomes 0) and hands its memory to a new, young buffer that the next minor
 * collection frees.
 */
export function releasePage(page: PackedTransactionPage): void {
  const [buffer] = transferablesOf(page);
  if (buffer) structuredClone(buffer, { transfer: [buffer] });
}

/** A page's objects, its bytes released (the page is spent: it cannot be unpacked again). */
export function takeObjects(page: PackedTransactionPage): ParsedTransaction[] {
  const objects = unpackObjects(page);
  releasePage(page);
  return objects;
}
