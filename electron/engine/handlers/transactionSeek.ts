import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { seekTransactions } from '../store/transactionSeek';

/** Scrollbar jumps in the Transactions list (sequential paging is transactions.list). */
export function createTransactionSeekHandlers(ctx: EngineContext): Pick<EngineHandlers, 'transactions.seek'> {
  return {
    'transactions.seek': async ({ filter, position }) => ({
      cursor: seekTransactions(ctx.store.sqlite, filter, position),
    }),
  };
}
