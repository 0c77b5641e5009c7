import type { EngineContext } from '../context';
import { countTransactions, getTransaction, listTransactions, seekTransactions } from '../store/transactions';
import { fillTransactionDetails } from '../sync/transactionDetails';
import { dataChanged, type DomainHandlers } from './domain';

/** Transactions: pages, counts, scrollbar jumps, one transaction, and its payer fetched when asked. */
export function createTransactionHandlers(ctx: EngineContext): DomainHandlers<'transactions'> {
  const { reader } = ctx.store;
  return {
    'transactions.list': async (request) => listTransactions(reader, request),
    'transactions.count': async ({ filter }) => ({ count: await countTransactions(reader, filter) }),
    'transactions.seek': async ({ filter, position }) => ({ cursor: await seekTransactions(reader, filter, position) }),
    'transactions.get': async ({ id }) => getTransaction(reader, id),
    'transactions.fetchDetails': async ({ id }) => {
      // The service's data arriving, like a sync: it says so.
      if (await fillTransactionDetails(ctx, ctx.sync.clientTuning, id)) dataChanged(ctx, 'transactions');
      return getTransaction(reader, id);
    },
  };
}
