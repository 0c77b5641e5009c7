import { create } from 'zustand';
import type { BatchFilter } from '../../../shared/contract';
import type { BatchSummary } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

const PAGE = 200;

interface BatchesState {
  filter: BatchFilter;
  status: LoadStatus;
  rows: BatchSummary[];
  nextCursor: string | null;
  loadingMore: boolean;
  error: string | null;
  setFilter(patch: Partial<BatchFilter>): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
}

const initial = {
  filter: {} as BatchFilter,
  status: 'idle' as LoadStatus,
  rows: [] as BatchSummary[],
  nextCursor: null,
  loadingMore: false,
  error: null,
};
const requests = latestOnly();

/** Drops empty filter fields so the engine sees only what the bookkeeper chose. */
function cleanFilter(filter: BatchFilter): BatchFilter {
  const clean: BatchFilter = {};
  if (filter.payeeIds?.length) clean.payeeIds = filter.payeeIds;
  if (filter.methods?.length) clean.methods = filter.methods;
  if (filter.verdicts?.length) clean.verdicts = filter.verdicts;
  if (filter.from) clean.from = filter.from;
  if (filter.to) clean.to = filter.to;
  return clean;
}

export const useBatchesStore = create<BatchesState>((set, get) => ({
  ...initial,
  setFilter(patch) {
    set({ filter: cleanFilter({ ...get().filter, ...patch }) });
    void get().load();
  },
  async load() {
    const ticket = requests.next();
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const page = await bridge.call('batches.list', { filter: get().filter, limit: PAGE });
      if (requests.isCurrent(ticket))
        set({ status: 'ready', rows: page.rows, nextCursor: page.nextCursor, error: null, loadingMore: false });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
    }
  },
  async loadMore() {
    const { nextCursor, loadingMore, filter, status } = get();
    if (!nextCursor || loadingMore || status !== 'ready') return;
    const ticket = requests.current();
    set({ loadingMore: true });
    try {
      const page = await bridge.call('batches.list', { filter, cursor: nextCursor, limit: PAGE });
      if (requests.isCurrent(ticket))
        set({ rows: [...get().rows, ...page.rows], nextCursor: page.nextCursor, loadingMore: false });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ loadingMore: false, error: describeError(error) });
    }
  },
}));

registerReset(() => useBatchesStore.setState(initial));
