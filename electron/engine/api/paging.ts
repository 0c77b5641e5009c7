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
  {
    startOffset = 0,
    pageSize = PAGE_SIZE,
    prefetch = true,
  }: { startOffset?: number; pageSize?: number; prefetch?: boolean } = {},
): AsyncGenerator<FetchedPage<T>> {
  if (startOffset % pageSize !== 0)
    throw new Error(`startOffset ${startOffset} is not a multiple of the page size ${pageSize}`);
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

export interface KeysetPosition {
  /** Last id committed. */
  lastId: number;
  /** The id before it: the next request starts there, so its first object must be `lastId`. */
  previousId: number | null;
}

export interface KeysetPage<T> {
  objects: T[];
  /** Where the walk stands after this page: the cursor to commit with it. */
  position: KeysetPosition | null;
  last: boolean;
}

/**
 * Keyset paging over ascending ids (`since` = "id greater than"): stable when rows come and go, and
 * resumable from the last committed id. Each request overlaps the previous page by one object; if
 * that object is not where it should be the page moved between reads, and it is asked again
 * rather than silently skipping a row.
 */
export async function* walkKeyset<T>(
  fetchPage: (since: number | undefined, limit: number) => Promise<T[]>,
  idOf: (object: T) => number,
  {
    start = null,
    pageSize = PAGE_SIZE,
    endpoint = 'GET /txns',
  }: { start?: KeysetPosition | null; pageSize?: number; endpoint?: string } = {},
): AsyncGenerator<KeysetPage<T>> {
  const request = async (position: KeysetPosition | null): Promise<{ objects: T[]; full: boolean }> => {
    for (let attempt = 1; ; attempt++) {
      const since = position ? (position.previousId ?? position.lastId) : undefined;
      const objects = await fetchPage(since, pageSize);
      const full = objects.length >= pageSize;
      if (!position || position.previousId === null) return { objects, full };
      if (objects.length > 0 && idOf(objects[0]!) === position.lastId) return { objects: objects.slice(1), full };
      if (objects.length === 0 && attempt > 1) return { objects, full };
      if (attempt >= 4) {
        throw new Error(
          `${endpoint}: the page after id ${position.lastId} kept changing between reads; try the sync again`,
        );
      }
    }
  };
  let position = start;
  let pending: Promise<{ objects: T[]; full: boolean }> | null = request(position);
  while (pending) {
    const { objects, full } = await pending;
    pending = null;
    for (let i = 1; i < objects.length; i++) {
      if (idOf(objects[i]!) <= idOf(objects[i - 1]!))
        throw new Error(
          `${endpoint}: ids are not in ascending order (${idOf(objects[i - 1]!)} then ${idOf(objects[i]!)})`,
        );
    }
    if (objects.length > 0) {
      const lastId = idOf(objects.at(-1)!);
      const previousId = objects.length > 1 ? idOf(objects.at(-2)!) : (position?.lastId ?? null);
      position = { lastId, previousId };
    }
    const last = !full;
    if (!last) {
      pending = request(position);
      pending.catch(() => {});
    }
    yield { objects, position, last };
  }
}
