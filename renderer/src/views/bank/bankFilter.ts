/** The Bank list's filter: UI state, kept while the bookkeeper opens a line and comes back. */
import { create } from 'zustand';
import type { BankListFilter } from '../../data/bank';
import { registerReset } from '../../state/storeKit';

interface BankFilterState {
  filter: BankListFilter;
  set(patch: Partial<BankListFilter>): void;
}

const initial = (): BankListFilter => ({ status: '', direction: '', from: '', to: '' });

export const useBankFilter = create<BankFilterState>((set, get) => ({
  filter: initial(),
  set: (patch) => set({ filter: { ...get().filter, ...patch } }),
}));

registerReset(() => useBankFilter.setState({ filter: initial() }));
