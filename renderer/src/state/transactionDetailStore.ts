import { create } from 'zustand';
import type { TransactionDetail } from '../../../shared/contract';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { latestOnly, registerReset, type LoadStatus } from './storeKit';

interface TransactionDetailState {
  id: number | null;
  status: LoadStatus;
  detail: TransactionDetail | null;
  error: string | null;
  load(id: number): Promise<void>;
}

const initial = { id: null, status: 'idle' as LoadStatus, detail: null, error: null };
const requests = latestOnly();

export const useTransactionDetailStore = create<TransactionDetailState>((set, get) => ({
  ...initial,
  async load(id) {
    const ticket = requests.next();
    if (get().id !== id) set({ id, status: 'loading', detail: null, error: null });
    try {
      const detail = await bridge.call('transactions.get', { id });
      if (requests.isCurrent(ticket)) set({ status: 'ready', detail, error: null });
    } catch (error) {
      if (requests.isCurrent(ticket)) set({ status: 'error', error: describeError(error) });
    }
  },
}));

registerReset(() => useTransactionDetailStore.setState(initial));
