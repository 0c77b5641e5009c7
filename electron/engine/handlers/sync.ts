import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { notBuilt } from './notBuilt';

/** Sync runs and the records they fill. Owner: the engine issue. */
export function createSyncHandlers(
  _ctx: EngineContext,
): Pick<
  EngineHandlers,
  | 'sync.start'
  | 'sync.cancel'
  | 'sync.status'
  | 'sync.runs'
  | 'payees.list'
  | 'glAccounts.list'
  | 'glAccounts.add'
  | 'glAccounts.remove'
  | 'transactions.list'
  | 'transactions.count'
  | 'transactions.get'
> {
  return {
    'sync.start': notBuilt('sync.start'),
    'sync.cancel': notBuilt('sync.cancel'),
    'sync.status': notBuilt('sync.status'),
    'sync.runs': notBuilt('sync.runs'),
    'payees.list': notBuilt('payees.list'),
    'glAccounts.list': notBuilt('glAccounts.list'),
    'glAccounts.add': notBuilt('glAccounts.add'),
    'glAccounts.remove': notBuilt('glAccounts.remove'),
    'transactions.list': notBuilt('transactions.list'),
    'transactions.count': notBuilt('transactions.count'),
    'transactions.get': notBuilt('transactions.get'),
  };
}
