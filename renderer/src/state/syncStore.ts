import { create } from 'zustand';
import type { SyncProgress, SyncRunSummary, SyncStatus } from '../../../shared/contract';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { registerReset } from './storeKit';

interface SyncState {
  status: SyncStatus | null;
  running: boolean;
  progress: SyncProgress | null;
  lastFinished: SyncRunSummary | null;
  error: string | null;
  load(): Promise<void>;
  start(): Promise<void>;
  cancel(): Promise<void>;
  /** Subscribes to the engine's sync events; returns the unsubscribe. */
  listen(): () => void;
}

const initial = { status: null, running: false, progress: null, lastFinished: null, error: null };

export const useSyncStore = create<SyncState>((set, get) => ({
  ...initial,
  async load() {
    try {
      const status = await bridge.call('sync.status', {});
      set({ status, running: status.running, progress: status.progress, error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  async start() {
    set({ running: true, progress: null, error: null });
    try {
      await bridge.call('sync.start', {});
    } catch (error) {
      set({ running: false, error: describeError(error) });
    }
  },
  async cancel() {
    try {
      await bridge.call('sync.cancel', {});
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
  listen() {
    const offProgress = bridge.on('sync.progress', (progress) => set({ running: true, progress }));
    const offFinished = bridge.on('sync.finished', (run) => {
      set({
        running: false,
        progress: null,
        lastFinished: run,
        error: run.status === 'failed' ? (run.error ?? 'The sync failed.') : null,
      });
      void get().load();
    });
    return () => {
      offProgress();
      offFinished();
    };
  },
}));

registerReset(() => useSyncStore.setState(initial));
