import { create } from 'zustand';
import type { TransactionFilter } from '../../../shared/contract';
import type { Transaction, TransactionStatus } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

const FIRST_PAGE = 200;
const NEXT_PAGE = 1000;
/** Rows kept loaded beyond the last one on screen, so scrolling rarely meets a placeholder. */
const READ_AHEAD = 300;

interface TransactionsState {
  search: string;
  statuses: TransactionStatus[];
  status: LoadStatus;
  /** How many rows match (the scroll height); the rows themselves arrive page by page. */
  count: number;
  rows: Transaction[];
  nextCursor: string | null;
  paging: boolean;
  error: string | null;
  setSearch(search: string): void;
  setStatuses(statuses: TransactionStatus[]): void;
  load(): Promise<void>;
  /** Loads keyset pages until row `index` (+ read-ahead) is present. */
  ensureLoaded(index: number): Promise<void>;
}

const initial = {
  search: '',
  statuses: [] as TransactionStatus[],
  status: 'idle' as LoadStatus,
  count: 0,
  rows: [] as Transaction[],
  nextCursor: null,
  paging: false,
  error: null,
};
const requests = latestOnly();

function filterOf(state: Pick<TransactionsState, 'search' | 'statuses'>): TransactionFilter {
  const filter: TransactionFilter = {};
  const search = state.search.trim();
  if (search) filter.search = search;
  if (state.statuses.length) filter.statuses = state.statuses;
  return filter;
}

export const useTransactionsStore = create<TransactionsState>((set, get) => ({
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
        bridge.call('transactions.list', { filter, limit: FIRST_PAGE }),
        bridge.call('transactions.count', { filter }),
      ]);
      if (!requests.isCurrent(ticket)) return;
      set({ status: 'ready', rows: page.rows, nextCursor: page.nextCursor, count: Math.max(count, page.rows.length), paging: false, error: null });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error), paging: false });
    }
  },
  async ensureLoaded(index) {
    const needsMore = () => {
      const { rows, nextCursor } = get();
      return nextCursor !== null && rows.length <= index + READ_AHEAD;
    };
    if (get().paging || get().status !== 'ready' || !needsMore()) return;
    // Pages belong to the filter they were asked for: a new load() makes them stale.
    const ticket = requests.current();
    set({ paging: true });
    try {
      while (requests.isCurrent(ticket) && needsMore()) {
        const page = await bridge.call('transactions.list', { filter: filterOf(get()), cursor: get().nextCursor, limit: NEXT_PAGE });
        if (!requests.isCurrent(ticket)) return;
        set({ rows: [...get().rows, ...page.rows], nextCursor: page.nextCursor });
      }
      if (requests.isCurrent(ticket)) set({ paging: false });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ paging: false, error: describeError(error) });
    }
  },
}));

registerReset(() => useTransactionsStore.setState(initial));
