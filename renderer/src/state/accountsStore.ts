import { create } from 'zustand';
import type { GlAccount } from '../../../shared/domain';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { registerReset, type LoadStatus } from './storeKit';

/** The Chart of Accounts (code says GL account; people see "Chart of Accounts" / "account"). */
interface AccountsState {
  status: LoadStatus;
  accounts: GlAccount[];
  error: string | null;
  saving: boolean;
  actionError: string | null;
  load(): Promise<void>;
  add(number: string, label: string): Promise<boolean>;
  remove(account: GlAccount): Promise<boolean>;
  clearActionError(): void;
}

const initial = {
  status: 'idle' as LoadStatus,
  accounts: [] as GlAccount[],
  error: null,
  saving: false,
  actionError: null,
};

export const useAccountsStore = create<AccountsState>((set, get) => ({
  ...initial,
  async load() {
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      set({ status: 'ready', accounts: await bridge.call('glAccounts.list', {}), error: null });
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
    }
  },
  async add(number, label) {
    set({ saving: true, actionError: null });
    try {
      set({ accounts: await bridge.call('glAccounts.add', { number, label }), saving: false, status: 'ready' });
      return true;
    } catch (error) {
      set({ saving: false, actionError: describeError(error) });
      return false;
    }
  },
  async remove(account) {
    set({ saving: true, actionError: null });
    try {
      set({
        accounts: await bridge.call('glAccounts.remove', { number: account.number, label: account.label }),
        saving: false,
      });
      return true;
    } catch (error) {
      set({ saving: false, actionError: describeError(error) });
      return false;
    }
  },
  clearActionError() {
    set({ actionError: null });
  },
}));

registerReset(() => useAccountsStore.setState(initial));
