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
 *
 * What is serialized is one flat array of the page's fields in a fixed order, not its objects: V8's
 * serializer writes every object's keys again and its deserializer builds each object key by key,
 * where a flat array of strings and numbers is read back whole and the objects are then made from
 * literals of one shape. Measured on a page of 100 transactions with two items each: 216 -> 86 µs to
 * pack, 340 -> 124 µs to unpack; at the full sync's ~10,000 pages the two had cost the fetch worker
 * ~2.5 s and the writer ~3.2 s of CPU (a CPU profile of bench sync), on the same two cores.
 */
import { deserialize, serialize } from 'node:v8';
import type { TransactionPage } from '../api/client';
import type { KeysetPosition } from '../api/paging';
import type { ParsedItem, ParsedTransaction } from '../api/wire';
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
  const bytes = serialize(flatten(objects));
  // A plain Uint8Array over the same memory (no copy), as a transferred page arrives: one shape
  // whichever thread fetched it.
  const packed = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { position, last, unchanged, rows: objects.length, rawBytes: rawBytes(objects), packed };
}

/** Fields per transaction in the flat array, before its items; and per item. */
const TRANSACTION_FIELDS = 18;
const ITEM_FIELDS = 8;

function flatten(objects: readonly ParsedTransaction[]): unknown[] {
  const flat: unknown[] = [];
  for (const { value: v, items, raw, digest } of objects) {
    flat.push(
      v.id,
      v.orderId,
      v.payeeId,
      v.paymentMethod,
      v.status,
      v.statusMessage,
      v.amountCents,
      v.amountRefundedCents,
      v.convenienceFeeCents,
      v.taxCents,
      v.shippingCents,
      v.batchId,
      v.data,
      v.payerName,
      v.glAccountId,
      raw,
      digest,
      items.length,
    );
    // This order is the packing's own (unflatten reads it back). That it matches the item statement's
    // columns (transactionWriter.ts itemValues) is chance: sharing one function would bring the store's
    // module, and kysely, into the fetch worker, or make an array per item on the path this packing slims.
    for (const item of items)
      flat.push(
        item.transactionId,
        item.itemId,
        item.itemName,
        item.amountCents,
        item.glAccountId,
        item.studentNumber,
        item.studentName,
        item.raw,
      );
  }
  return flat;
}

/** The objects flatten was given, in its order (the literals name every field: a new one fails to compile here). */
function unflatten(flat: readonly unknown[]): ParsedTransaction[] {
  // Each field is whatever flatten put at its place; typed by the literal it goes into.
  const f = (index: number) => flat[index] as never;
  const objects: ParsedTransaction[] = [];
  for (let at = 0; at < flat.length;) {
    const itemCount: number = f(at + 17);
    const items: ParsedItem[] = [];
    for (let first = at + TRANSACTION_FIELDS, i = 0; i < itemCount; i++, first += ITEM_FIELDS)
      items.push({
        transactionId: f(first),
        itemId: f(first + 1),
        itemName: f(first + 2),
        amountCents: f(first + 3),
        glAccountId: f(first + 4),
        studentNumber: f(first + 5),
        studentName: f(first + 6),
        raw: f(first + 7),
      });
    objects.push({
      value: {
        id: f(at),
        orderId: f(at + 1),
        payeeId: f(at + 2),
        paymentMethod: f(at + 3),
        status: f(at + 4),
        statusMessage: f(at + 5),
        amountCents: f(at + 6),
        amountRefundedCents: f(at + 7),
        convenienceFeeCents: f(at + 8),
        taxCents: f(at + 9),
        shippingCents: f(at + 10),
        batchId: f(at + 11),
        data: f(at + 12),
        payerName: f(at + 13),
        glAccountId: f(at + 14),
      },
      items,
      raw: f(at + 15),
      digest: f(at + 16),
    });
    at += TRANSACTION_FIELDS + itemCount * ITEM_FIELDS;
  }
  return objects;
}

export function unpackObjects(page: PackedTransactionPage): ParsedTransaction[] {
  return unflatten(deserialize(page.packed) as unknown[]);
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
