/**
 * The Transactions list over up to millions of rows: the engine counts them (the scroll height) and
 * the store holds only the pages near the screen (PageCache). A page next to a loaded one is a keyset
 * read (transactions.list from the cursor it left); a jump (the scrollbar dragged half-way) asks
 * transactions.seek for the cursor at that row first. One page is fetched at a time, always for the
 * range on screen now, so a fast drag does not queue reads for rows already scrolled past.
 */
import { create } from 'zustand';
import type { TransactionFilter } from '../../../shared/contract';
import type { Transaction, TransactionStatus } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { PageCache } from './pageCache';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

export const PAGE_SIZE = 200;
/** 20 pages: 4,000 rows in memory whatever the list's length. */
export const MAX_PAGES = 20;
/** Rows past the last one on screen worth reading early, when that costs no seek. */
const READ_AHEAD = 60;

interface TransactionsState {
  search: string;
  statuses: TransactionStatus[];
  status: LoadStatus;
  /** How many rows match (the scroll height); the rows arrive page by page. */
  count: number;
  /** Loaded pages by page index (rows [k * PAGE_SIZE, (k + 1) * PAGE_SIZE)); a new map on every change. */
  pages: ReadonlyMap<number, Transaction[]>;
  paging: boolean;
  error: string | null;
  setSearch(search: string): void;
  setStatuses(statuses: TransactionStatus[]): void;
  load(): Promise<void>;
  /** The rows first..last are on screen: fetch the pages under them that are not loaded. */
  showRange(first: number, last: number): Promise<void>;
}

const initial = {
  search: '',
  statuses: [] as TransactionStatus[],
  status: 'idle' as LoadStatus,
  count: 0,
  pages: new Map<number, Transaction[]>() as ReadonlyMap<number, Transaction[]>,
  paging: false,
  error: null,
};
const requests = latestOnly();
let cache = new PageCache<Transaction>(PAGE_SIZE, MAX_PAGES);
let shown = { first: 0, last: 0 };
let pumping = false;

function filterOf(state: Pick<TransactionsState, 'search' | 'statuses'>): TransactionFilter {
  const filter: TransactionFilter = {};
  const search = state.search.trim();
  if (search) filter.search = search;
  if (state.statuses.length) filter.statuses = state.statuses;
  return filter;
}

/** The row at `index` if its page is loaded. */
export function transactionAt(pages: ReadonlyMap<number, Transaction[]>, index: number): Transaction | undefined {
  return pages.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
}

export const useTransactionsStore = create<TransactionsState>((set, get) => {
  const shownPages = () => {
    const lastRow = Math.max(0, get().count - 1);
    return { first: cache.pageOf(Math.min(shown.first, lastRow)), last: cache.pageOf(Math.min(shown.last, lastRow)) };
  };

  /** The first page the screen needs that is missing; then one read-ahead page if its cursor is known. */
  const nextWanted = (): number | undefined => {
    if (get().count === 0) return undefined;
    const { first, last } = shownPages();
    for (let page = first; page <= last; page++) if (!cache.has(page)) return page;
    const ahead = cache.pageOf(Math.min(shown.last + READ_AHEAD, get().count - 1));
    return ahead > last && !cache.has(ahead) && cache.cursorOf(ahead) !== undefined ? ahead : undefined;
  };

  /** Fetches wanted pages one at a time until the screen is covered; a newer load() ends it. */
  const pump = async () => {
    if (pumping) return;
    pumping = true;
    set({ paging: true });
    const ticket = requests.current();
    try {
      for (let page = nextWanted(); page !== undefined && requests.isCurrent(ticket); page = nextWanted()) {
        const filter = filterOf(get());
        let cursor = cache.cursorOf(page);
        if (cursor === undefined)
          cursor = (await bridge.call('transactions.seek', { filter, position: page * PAGE_SIZE })).cursor;
        if (!requests.isCurrent(ticket)) break;
        const result = await bridge.call('transactions.list', { filter, cursor, limit: PAGE_SIZE });
        if (!requests.isCurrent(ticket)) break;
        if (cursor !== null) cache.setCursor(page, cursor);
        cache.put(page, result.rows, result.nextCursor, shownPages());
        set({ pages: cache.snapshot });
      }
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ error: describeError(error) });
    } finally {
      pumping = false;
      if (requests.isCurrent(ticket)) set({ paging: false });
      // A load() during this pump found it busy: cover the screen for the new filter now.
      else if (get().status === 'ready') void pump();
    }
  };

  return {
    ...initial,
    setSearch(search) {
      set({ search });
      void get().load();
    },
    setStatuses(statuses) {
      set({ statuses });
      void get().load();
    },
    async load() {
      const ticket = requests.next();
      const filter = filterOf(get());
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const [page, { count }] = await Promise.all([
          bridge.call('transactions.list', { filter, limit: PAGE_SIZE }),
          bridge.call('transactions.count', { filter }),
        ]);
        if (!requests.isCurrent(ticket)) return;
        cache = new PageCache<Transaction>(PAGE_SIZE, MAX_PAGES);
        cache.put(0, page.rows, page.nextCursor, { first: 0, last: 0 });
        set({ status: 'ready', pages: cache.snapshot, count: Math.max(count, page.rows.length), error: null });
        // Refreshed (a sync finished) while scrolled far down: fetch what is on screen again.
        void pump();
      } catch (error) {
        if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
      }
    },
    async showRange(first, last) {
      shown = { first, last };
      if (get().status !== 'ready') return;
      const pages = shownPages();
      cache.touch(pages.first, pages.last);
      await pump();
    },
  };
});

registerReset(() => {
  requests.next();
  pumping = false;
  cache = new PageCache<Transaction>(PAGE_SIZE, MAX_PAGES);
  shown = { first: 0, last: 0 };
  useTransactionsStore.setState(initial);
});

/** For tests and benches: how many pages are held. */
export function loadedPageCount(): number {
  return cache.size;
}
