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
 * What a keyset page fetcher is told as soon as a page's JSON is read, before it is checked and
 * converted: the ids of its last two objects (as they read) and how many objects it lists.
 */
export type PageEndsSeen = (ends: KeysetPosition, objectCount: number) => void;

export type KeysetPageFetcher<T> = (since: number | undefined, limit: number, onEnds: PageEndsSeen) => Promise<T[]>;

interface KeysetAnswer<T> {
  objects: T[];
  full: boolean;
}

/**
 * Keyset paging over ascending ids (`since` = "id greater than"): stable when rows come and go, and
 * resumable from the last committed id. Each request overlaps the previous page by one object; if
 * that object is not where it should be the page moved between reads, and it is asked again
 * rather than silently skipping a row.
 *
 * The next page is asked for as soon as a full page's ends are read (`onEnds`), so the service
 * builds it while this one is checked and converted: a day's pages are a chain, and on loopback the
 * checking was a third of each link (issue 31). The early request is only a guess: it is taken when
 * the checked page puts the walk where the guess said, and otherwise dropped unread (a GET, so
 * asking once too often changes nothing). A walk is at most one such request ahead of its pages.
 */
export async function* walkKeyset<T>(
  fetchPage: KeysetPageFetcher<T>,
  idOf: (object: T) => number,
  {
    start = null,
    pageSize = PAGE_SIZE,
    endpoint = 'GET /txns',
  }: { start?: KeysetPosition | null; pageSize?: number; endpoint?: string } = {},
): AsyncGenerator<KeysetPage<T>> {
  const request = async (position: KeysetPosition | null, onEnds: PageEndsSeen): Promise<KeysetAnswer<T>> => {
    for (let attempt = 1; ; attempt++) {
      const since = position ? (position.previousId ?? position.lastId) : undefined;
      const objects = await fetchPage(since, pageSize, onEnds);
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
  let asked = new KeysetRequest(position, request, pageSize);
  asked.adopt();
  for (;;) {
    const { objects, full } = await asked.answer;
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
      asked = asked.following(position);
      asked.adopt();
    }
    yield { objects, position, last };
    if (last) return;
  }
}

/**
 * One request of a keyset walk and the guess at the one after it. A request sends its guess only
 * once the walk has adopted it (awaits it next), so guesses never run ahead on their own.
 */
class KeysetRequest<T> {
  readonly answer: Promise<KeysetAnswer<T>>;
  private guess: KeysetRequest<T> | null = null;
  private ends: KeysetPosition | null = null;
  private adopted = false;

  constructor(
    readonly position: KeysetPosition | null,
    private readonly send: (position: KeysetPosition | null, onEnds: PageEndsSeen) => Promise<KeysetAnswer<T>>,
    private readonly pageSize: number,
  ) {
    this.answer = send(position, (ends, objectCount) => this.endsSeen(ends, objectCount));
    // Surfaced when awaited; a guess never awaited must not count as unhandled.
    this.answer.catch(() => {});
  }

  adopt(): void {
    this.adopted = true;
    this.sendGuess();
  }

  /** The request for the page at `position`: the guess if it guessed right, else a new one. */
  following(position: KeysetPosition | null): KeysetRequest<T> {
    const guess = this.guess;
    this.guess = null;
    if (guess && samePosition(guess.position, position)) return guess;
    return new KeysetRequest(position, this.send, this.pageSize);
  }

  private endsSeen(ends: KeysetPosition, objectCount: number): void {
    // A page asked again (it moved between reads) reports its ends again; the last ones count.
    this.ends = objectCount >= this.pageSize ? ends : null;
    if (this.adopted) this.sendGuess();
  }

  private sendGuess(): void {
    if (this.ends === null || (this.guess && samePosition(this.guess.position, this.ends))) return;
    this.guess = new KeysetRequest(this.ends, this.send, this.pageSize);
  }
}

function samePosition(a: KeysetPosition | null, b: KeysetPosition | null): boolean {
  return a?.lastId === b?.lastId && a?.previousId === b?.previousId;
}
