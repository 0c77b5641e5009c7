/**
 * How much the fetching may hold ahead of the writer (the fetch worker's items posted and not yet
 * taken, or the fallback's feed): bounded in bytes, not only in items (issue 31). A count of items
 * said nothing of memory: 24 transactions pages are about 1.5 MB packed, but 24 days of GL rows at
 * the sync bench's full scale are ~13 MB of JSON, about twice that as objects on the main thread's
 * heap, waiting. The writer needs one day or a few pages at hand, not weeks. An item larger than the
 * whole bound still goes when nothing is held, so one big day cannot stall the sync. The writer takes
 * the next day's pages as they come while it writes a day (runner.ts), so what is held in all is at
 * most the day being written, the next, and this bound.
 */
import { rawBytes } from './limits';

/** Bytes held ahead of the writer at most (one item larger than this goes alone). */
export const AHEAD_BYTES = 2 * 1024 * 1024;

export class AheadBound {
  private readonly held: number[] = [];
  private bytes = 0;

  constructor(
    readonly maxItems: number,
    readonly maxBytes: number = AHEAD_BYTES,
  ) {}

  get heldItems(): number {
    return this.held.length;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  /** Whether an item of `size` bytes may go ahead now: always when nothing is held. */
  admits(size: number): boolean {
    if (this.held.length === 0) return true;
    return this.held.length < this.maxItems && this.bytes + size <= this.maxBytes;
  }

  /** An item went ahead. */
  sent(size: number): void {
    this.held.push(size);
    this.bytes += size;
  }

  /** The writer took the oldest item (items are taken in the order they were sent). */
  taken(): void {
    this.bytes -= this.held.shift() ?? 0;
  }
}

/**
 * What an item of a walk holds, near enough: a packed transactions page its buffer, a day's GL rows
 * their JSON text (as objects they cost about twice that), anything else (a details chunk: ids,
 * names) nothing that the item count does not already bound.
 */
export function heldBytesOf(value: unknown): number {
  const packed = (value as { packed?: unknown } | null)?.packed;
  if (packed instanceof Uint8Array) return packed.byteLength;
  if (Array.isArray(value) && value.every((row) => typeof (row as { raw?: unknown } | null)?.raw === 'string'))
    return rawBytes(value as Array<{ raw: string }>);
  return 0;
}
