/**
 * Paging over the service's PagedList endpoints. Offsets are always page number x page size, and
 * a walk stops only on a page holding FEWER objects than the page size. For /txns and /batches that
 * is the ordinary rule; for /gl-batches it is the only correct one: a page there can hold MORE
 * objects than `limit` (fee, tax and shipping rows ride along), so counting received objects would
 * skip rows and comparing for equality would stop early or never.
 *
 * The next page is requested before the current one is handed over, so fetching overlaps whatever
 * the caller does with the page (writing it); at most one page is held ahead.
 */
export const PAGE_SIZE = 100;

export interface FetchedPage<T> {
  objects: T[];
  offset: number;
  /** Where the next page starts; the cursor to commit with this page. */
  nextOffset: number;
  /** The short page that ends the walk. */
  last: boolean;
}

export type PageFetcher<T> = (offset: number, limit: number) => Promise<T[]>;

export async function* walkPages<T>(
  fetchPage: PageFetcher<T>,
  { startOffset = 0, pageSize = PAGE_SIZE, prefetch = true }: { startOffset?: number; pageSize?: number; prefetch?: boolean } = {},
): AsyncGenerator<FetchedPage<T>> {
  if (startOffset % pageSize !== 0) throw new Error(`startOffset ${startOffset} is not a multiple of the page size ${pageSize}`);
  let offset = startOffset;
  let pending: Promise<T[]> | null = fetchPage(offset, pageSize);
  while (pending) {
    const objects = await pending;
    const last = objects.length < pageSize;
    const nextOffset = offset + pageSize;
    pending = null;
    if (!last && prefetch) {
      pending = fetchPage(nextOffset, pageSize);
      // Surfaced when awaited above; until then it must not count as unhandled.
      pending.catch(() => {});
    }
    yield { objects, offset, nextOffset, last };
    if (last) return;
    if (!prefetch) pending = fetchPage(nextOffset, pageSize);
    offset = nextOffset;
  }
}
