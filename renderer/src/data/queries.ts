/** Every read the views make, by contract domain. */
import { useQuery } from '@tanstack/react-query';
import type { BatchFilter } from '../../../shared/contract';
import type { Payee } from '../../../shared/domain';
import { engineQuery } from './engineQuery';
import { rangeArgs, type GlFilter } from './glFilter';

/** Drops empty filter fields so the engine sees only what the bookkeeper chose. */
export function cleanBatchFilter(filter: BatchFilter): BatchFilter {
  const clean: BatchFilter = {};
  if (filter.payeeIds?.length) clean.payeeIds = filter.payeeIds;
  if (filter.methods?.length) clean.methods = filter.methods;
  if (filter.verdicts?.length) clean.verdicts = filter.verdicts;
  if (filter.notSignedOff) clean.notSignedOff = true;
  if (filter.from) clean.from = filter.from;
  if (filter.to) clean.to = filter.to;
  return clean;
}

export const reads = {
  appInfo: () => engineQuery('app.info', {}),
  syncStatus: () => engineQuery('sync.status', {}),
  overview: () => engineQuery('overview.get', {}, ['batches', 'changes', 'transactions', 'glBatches', 'bank']),
  payees: () => engineQuery('payees.list', {}),
  glAccounts: () => engineQuery('glAccounts.list', {}),
  settings: () => engineQuery('settings.get', {}),
  accountMaps: () => engineQuery('accountMaps.get', {}, ['settings', 'glAccounts']),
  batch: (id: string) => engineQuery('batches.get', { id }, ['transactions', 'glBatches']),
  transaction: (id: number) => engineQuery('transactions.get', { id }, ['changes']),
  glBatches: (filter: GlFilter) => engineQuery('glBatches.list', rangeArgs(filter), ['exports']),
};

export function payeeName(payees: Payee[], id: number): string {
  return payees.find((payee) => payee.id === id)?.name ?? `Payee ${id}`;
}

const NO_PAYEES: Payee[] = [];

/** The payee list the filters choose from (empty until it arrives). */
export function usePayees(): Payee[] {
  return useQuery(reads.payees()).data ?? NO_PAYEES;
}
