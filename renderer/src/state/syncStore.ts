/**
 * The running sync as the engine's events tell it (sync.progress, sync.finished): event state, not a
 * copy of server data. Before the first event, the sync.status query says whether one is running.
 */
import { create } from 'zustand';
import type { SyncProgress, SyncRunSummary } from '../../../shared/contract';
import { registerReset } from './storeKit';

interface SyncEventState {
  /** null: no event or command yet (ask sync.status). */
  running: boolean | null;
  progress: SyncProgress | null;
  lastFinished: SyncRunSummary | null;
  error: string | null;
}

const initial: SyncEventState = { running: null, progress: null, lastFinished: null, error: null };

export const useSyncStore = create<SyncEventState>(() => initial);

export const syncEvents = {
  starting: () => useSyncStore.setState({ running: true, progress: null, error: null }),
  progress: (progress: SyncProgress) => useSyncStore.setState({ running: true, progress }),
  finished: (run: SyncRunSummary) =>
    useSyncStore.setState({
      running: false,
      progress: null,
      lastFinished: run,
      error: run.status === 'failed' ? (run.error ?? 'The sync failed.') : null,
    }),
  failed: (error: string, running?: boolean) =>
    useSyncStore.setState(running === undefined ? { error } : { error, running }),
};

registerReset(() => useSyncStore.setState(initial));
