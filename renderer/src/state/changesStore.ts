import { create } from 'zustand';
import type { Change, ChangeKind } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

const PAGE = 200;

interface ChangesState {
  kinds: ChangeKind[];
  showAcknowledged: boolean;
  status: LoadStatus;
  rows: Change[];
  nextCursor: string | null;
  unacknowledged: number;
  loadingMore: boolean;
  error: string | null;
  acknowledging: boolean;
  actionError: string | null;
  setKinds(kinds: ChangeKind[]): void;
  setShowAcknowledged(show: boolean): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  acknowledge(ids: number[]): Promise<boolean>;
  /** Acknowledges everything up to the newest change in the feed as loaded. */
  acknowledgeAll(): Promise<boolean>;
}

const initial = {
  kinds: [] as ChangeKind[],
  showAcknowledged: false,
  status: 'idle' as LoadStatus,
  rows: [] as Change[],
  nextCursor: null,
  unacknowledged: 0,
  loadingMore: false,
  error: null,
  acknowledging: false,
  actionError: null,
};
const requests = latestOnly();

export const useChangesStore = create<ChangesState>((set, get) => {
  const query = () => {
    const { kinds, showAcknowledged } = get();
    return { ...(kinds.length ? { kinds } : {}), unacknowledgedOnly: !showAcknowledged, limit: PAGE };
  };
  const runAcknowledge = async (args: { ids: number[] } | { upToId: number }) => {
    set({ acknowledging: true, actionError: null });
    try {
      await bridge.call('changes.acknowledge', args);
      set({ acknowledging: false });
      await get().load();
      return true;
    } catch (error) {
      set({ acknowledging: false, actionError: describeError(error) });
      return false;
    }
  };
  return {
    ...initial,
    setKinds(kinds) {
      set({ kinds });
      void get().load();
    },
    setShowAcknowledged(showAcknowledged) {
      set({ showAcknowledged });
      void get().load();
    },
    async load() {
      const ticket = requests.next();
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const page = await bridge.call('changes.list', query());
        if (requests.isCurrent(ticket)) {
          set({
            status: 'ready',
            rows: page.rows,
            nextCursor: page.nextCursor,
            unacknowledged: page.unacknowledged,
            error: null,
            loadingMore: false,
          });
        }
      } catch (error) {
        if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
      }
    },
    async loadMore() {
      const { nextCursor, loadingMore, status } = get();
      if (!nextCursor || loadingMore || status !== 'ready') return;
      const ticket = requests.current();
      set({ loadingMore: true });
      try {
        const page = await bridge.call('changes.list', { ...query(), cursor: nextCursor });
        if (requests.isCurrent(ticket))
          set({ rows: [...get().rows, ...page.rows], nextCursor: page.nextCursor, loadingMore: false });
      } catch (error) {
        if (requests.isCurrent(ticket)) set({ loadingMore: false, error: describeError(error) });
      }
    },
    acknowledge: (ids) => runAcknowledge({ ids }),
    async acknowledgeAll() {
      const newest = get().rows.reduce((max, change) => Math.max(max, change.id), 0);
      if (newest === 0) return true;
      // With a kind filter, "all" means all the shown kinds: acknowledge the loaded ids, not everything below.
      if (get().kinds.length)
        return runAcknowledge({
          ids: get()
            .rows.filter((c) => !c.acknowledgedAt)
            .map((c) => c.id),
        });
      return runAcknowledge({ upToId: newest });
    },
  };
});

registerReset(() => useChangesStore.setState(initial));
