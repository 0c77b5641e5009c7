/**
 * What the bookkeeper chose in each list view's filters: UI state, kept while moving between views.
 * The data those filters select lives in the query cache (data/queries.ts).
 */
import { create } from 'zustand';
import type { BatchFilter } from '../../../shared/contract';
import type { ChangeKind, TransactionStatus } from '../../../shared/domain';
import { cleanBatchFilter } from '../data/queries';
import { defaultGlFilter, type GlFilter } from '../data/glFilter';
import { registerReset } from './storeKit';
import type { TransactionChoices } from '../data/transactionPages';

interface Filters {
  batches: BatchFilter;
  glBatches: GlFilter;
  changes: { kinds: ChangeKind[]; showAcknowledged: boolean };
  transactions: { search: string; statuses: TransactionStatus[] } & TransactionChoices;
}

interface FiltersState extends Filters {
  set<V extends keyof Filters>(view: V, patch: Partial<Filters[V]>): void;
}

const initial = (): Filters => ({
  batches: {},
  glBatches: defaultGlFilter(),
  changes: { kinds: [], showAcknowledged: false },
  transactions: { search: '', statuses: [], payeeIds: [], from: '', to: '' },
});

export const useFilters = create<FiltersState>((set, get) => ({
  ...initial(),
  set(view, patch) {
    const next = { ...get()[view], ...patch };
    set({ [view]: view === 'batches' ? cleanBatchFilter(next as BatchFilter) : next });
  },
}));

registerReset(() => useFilters.setState(initial()));
