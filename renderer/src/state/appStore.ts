import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { bridge } from '../bridge';
import { describeError } from '../errors';

interface AppState {
  info: AppInfo | null;
  error: string | null;
  load(): Promise<void>;
}

export const useAppStore = create<AppState>((set) => ({
  info: null,
  error: null,
  async load() {
    try {
      set({ info: await bridge.call('app.info', {}), error: null });
    } catch (error) {
      set({ error: describeError(error) });
    }
  },
}));
