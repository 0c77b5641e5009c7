/**
 * The loaded part of a very long list: fixed-size pages by page index, at most `maxPages` of them.
 * When full, the page shown least recently goes (never one in the range on screen). Page-start
 * cursors are kept apart (a few bytes each, also bounded), so a page next to a known one is a plain
 * keyset read and only a jump needs a seek.
 */
export class PageCache<T> {
  private pages = new Map<number, T[]>();
  private readonly lastShown = new Map<number, number>();
  private readonly cursors = new Map<number, string | null>();
  private tick = 0;

  constructor(
    readonly pageSize: number,
    readonly maxPages: number,
    private readonly maxCursors = 5000,
  ) {}

  pageOf(index: number): number {
    return Math.floor(index / this.pageSize);
  }

  /** A fresh map whenever pages change, so a view can re-render on identity. */
  get snapshot(): ReadonlyMap<number, T[]> {
    return this.pages;
  }

  get size(): number {
    return this.pages.size;
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  rowAt(index: number): T | undefined {
    return this.pages.get(this.pageOf(index))?.[index % this.pageSize];
  }

  /** undefined: unknown (a seek finds it); null: the top of the list. */
  cursorOf(page: number): string | null | undefined {
    return page === 0 ? null : this.cursors.get(page);
  }

  /** Marks pages first..last as on screen (they survive eviction longest). */
  touch(firstPage: number, lastPage: number): void {
    this.tick++;
    for (let page = firstPage; page <= lastPage; page++) if (this.pages.has(page)) this.lastShown.set(page, this.tick);
  }

  /** Stores a page and the cursor of the page after it; evicts beyond the bounds, sparing `keep`. */
  put(page: number, rows: T[], nextCursor: string | null, keep: { first: number; last: number }): void {
    const pages = new Map(this.pages);
    pages.set(page, rows);
    this.lastShown.set(page, ++this.tick);
    if (nextCursor !== null) this.setCursor(page + 1, nextCursor);
    while (pages.size > this.maxPages) {
      let oldest: number | undefined;
      for (const candidate of pages.keys()) {
        if (candidate >= keep.first && candidate <= keep.last) continue;
        if (oldest === undefined || (this.lastShown.get(candidate) ?? 0) < (this.lastShown.get(oldest) ?? 0))
          oldest = candidate;
      }
      if (oldest === undefined) break;
      pages.delete(oldest);
      this.lastShown.delete(oldest);
    }
    this.pages = pages;
  }

  setCursor(page: number, cursor: string): void {
    this.cursors.delete(page);
    this.cursors.set(page, cursor);
    // Oldest learnt first out: a cursor is cheap to find again with a seek.
    for (const old of this.cursors.keys()) {
      if (this.cursors.size <= this.maxCursors) break;
      this.cursors.delete(old);
    }
  }

  clear(): void {
    this.pages = new Map();
    this.lastShown.clear();
    this.cursors.clear();
  }
}
