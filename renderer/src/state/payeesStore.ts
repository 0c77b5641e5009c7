import { create } from 'zustand';
import type { Payee } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { registerReset, type LoadStatus } from './storeKit';

/** The payee list the filters of several views choose from. */
interface PayeesState {
  status: LoadStatus;
  payees: Payee[];
  error: string | null;
  load(): Promise<void>;
}

const initial = { status: 'idle' as LoadStatus, payees: [] as Payee[], error: null };

export const usePayeesStore = create<PayeesState>((set) => ({
  ...initial,
  async load() {
    try {
      set({ status: 'ready', payees: await bridge.call('payees.list', {}), error: null });
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
    }
  },
}));

export function payeeName(payees: Payee[], id: number): string {
  return payees.find((payee) => payee.id === id)?.name ?? `Payee ${id}`;
}

registerReset(() => usePayeesStore.setState(initial));
