import { create } from 'zustand';
import type { Overview } from '../../../shared/contract';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

interface OverviewState {
  status: LoadStatus;
  data: Overview | null;
  error: string | null;
  load(): Promise<void>;
}

const initial = { status: 'idle' as LoadStatus, data: null, error: null };
const requests = latestOnly();

export const useOverviewStore = create<OverviewState>((set, get) => ({
  ...initial,
  async load() {
    const ticket = requests.next();
    // A refresh keeps the current figures on screen instead of flashing "Loading".
    if (!get().data) set({ status: 'loading' });
    try {
      const data = await bridge.call('overview.get', {});
      if (requests.isCurrent(ticket)) set({ status: 'ready', data, error: null });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
    }
  },
}));

registerReset(() => useOverviewStore.setState(initial));
