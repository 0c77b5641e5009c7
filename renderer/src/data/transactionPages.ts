/**
 * The Transactions list over up to millions of rows, kept as a purpose-built pager rather than a
 * useInfiniteQuery: a scrollbar jump needs pages far from any loaded one (an infinite query only grows
 * at its ends), and memory must stay bounded whatever is scrolled through.
 *
 * The engine counts the rows (the scroll height) and the pager holds only the pages near the screen
 * (PageCache). A page next to a loaded one is a keyset read (transactions.list from the cursor it
 * left); a jump asks transactions.seek for the cursor at that row first. One page is fetched at a
 * time, always for the range on screen now, so a fast drag does not queue reads for rows already
 * scrolled past. The first page and the count are a query (['transactions', 'list', filter]): its
 * status, errors and invalidation are TanStack Query's, and each answer is a fresh pager.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Page, TransactionFilter } from '../../../shared/contract';
import type { Transaction, TransactionStatus } from '../../../shared/domain';
import { bridge } from '../bridge';
import { PageCache } from './pageCache';

export const PAGE_SIZE = 200;
/** 20 pages: 4,000 rows in memory whatever the list's length. */
export const MAX_PAGES = 20;
/** Rows past the last one on screen worth reading early, when that costs no seek. */
const READ_AHEAD = 60;

export interface PagerState {
  /** Loaded pages by page index (rows [k * PAGE_SIZE, (k + 1) * PAGE_SIZE)); a new map on every change. */
  pages: ReadonlyMap<number, Transaction[]>;
  paging: boolean;
  error: unknown;
}

export class TransactionPager {
  private readonly cache = new PageCache<Transaction>(PAGE_SIZE, MAX_PAGES);
  private readonly listeners = new Set<() => void>();
  private shown = { first: 0, last: 0 };
  private pumping = false;
  /** Set when another pager replaced this one on screen: its pump ends after the read in flight. */
  private stopped = false;
  private state: PagerState;

  constructor(
    readonly filter: TransactionFilter,
    /** How many rows match (the scroll height); the rows arrive page by page. */
    readonly count: number,
    first: Page<Transaction>,
  ) {
    this.cache.put(0, first.rows, first.nextCursor, { first: 0, last: 0 });
    this.state = { pages: this.cache.snapshot, paging: false, error: null };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): PagerState => this.state;

  /** How many pages are held. */
  get size(): number {
    return this.cache.size;
  }

  /** The row at `index` if its page is loaded. */
  rowAt(index: number): Transaction | undefined {
    return this.state.pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
  }

  /** The rows first..last are on screen: fetch the pages under them that are not loaded. */
  async showRange(first: number, last: number): Promise<void> {
    this.shown = { first, last };
    this.stopped = false;
    const pages = this.shownPages();
    this.cache.touch(pages.first, pages.last);
    await this.pump();
  }

  /** Stops fetching (the list on screen is another pager now); showRange starts again. */
  stop(): void {
    this.stopped = true;
  }

  private set(patch: Partial<PagerState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private shownPages() {
    const lastRow = Math.max(0, this.count - 1);
    const { first, last } = this.shown;
    return { first: this.cache.pageOf(Math.min(first, lastRow)), last: this.cache.pageOf(Math.min(last, lastRow)) };
  }

  /** The first page the screen needs that is missing; then one read-ahead page if its cursor is known. */
  private nextWanted(): number | undefined {
    if (this.count === 0) return undefined;
    const { first, last } = this.shownPages();
    for (let page = first; page <= last; page++) if (!this.cache.has(page)) return page;
    const ahead = this.cache.pageOf(Math.min(this.shown.last + READ_AHEAD, this.count - 1));
    return ahead > last && !this.cache.has(ahead) && this.cache.cursorOf(ahead) !== undefined ? ahead : undefined;
  }

  /** Fetches wanted pages one at a time until the screen is covered. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    const current = () => !this.stopped;
    this.set({ paging: true });
    try {
      for (let page = this.nextWanted(); page !== undefined && current(); page = this.nextWanted()) {
        let cursor = this.cache.cursorOf(page);
        if (cursor === undefined)
          cursor = (await bridge.call('transactions.seek', { filter: this.filter, position: page * PAGE_SIZE })).cursor;
        if (!current()) break;
        const result = await bridge.call('transactions.list', { filter: this.filter, cursor, limit: PAGE_SIZE });
        if (!current()) break;
        if (cursor !== null) this.cache.setCursor(page, cursor);
        this.cache.put(page, result.rows, result.nextCursor, this.shownPages());
        this.set({ pages: this.cache.snapshot, error: null });
      }
    } catch (error) {
      if (current()) this.set({ error });
    } finally {
      this.pumping = false;
      this.set({ paging: false });
    }
  }
}

/** Payees and a Central date range (business dates, YYYY-MM-DD; '' is open). */
export interface TransactionChoices {
  payeeIds: number[];
  from: string;
  to: string;
}

/** The engine's filter for what the bookkeeper typed and chose. */
export function transactionFilter(
  search: string,
  statuses: TransactionStatus[],
  choices: Partial<TransactionChoices> = {},
): TransactionFilter {
  const filter: TransactionFilter = {};
  if (search.trim()) filter.search = search.trim();
  if (statuses.length) filter.statuses = statuses;
  if (choices.payeeIds?.length) filter.payeeIds = choices.payeeIds;
  if (choices.from) filter.from = choices.from;
  if (choices.to) filter.to = choices.to;
  return filter;
}

/** The first page and the count, as a pager ready to fetch the rest. */
export async function loadTransactions(filter: TransactionFilter): Promise<TransactionPager> {
  const [page, { count }] = await Promise.all([
    bridge.call('transactions.list', { filter, limit: PAGE_SIZE }),
    bridge.call('transactions.count', { filter }),
  ]);
  return new TransactionPager(filter, Math.max(count, page.rows.length), page);
}

export function transactionList(filter: TransactionFilter) {
  return queryOptions({
    queryKey: ['transactions', 'list', filter] as const,
    queryFn: () => loadTransactions(filter),
    meta: { scopes: ['transactions'] },
    // A pager is a live object, not JSON: keep it as it is.
    structuralSharing: false,
    // Another search's pages are not worth keeping for long.
    gcTime: 30_000,
  });
}
