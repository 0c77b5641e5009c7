import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { connect } from '../sync/connection';
import { toContractError } from '../sync/errors';
import { syncServiceOf } from '../sync/service';
import { fillTransactionDetails } from '../sync/transactionDetails';
import { listGlAccounts, listPayees, replaceGlAccounts } from '../store/reference';
import { listRuns } from '../store/syncState';
import { countTransactions, getTransaction, listTransactions } from '../store/transactionQueries';
import { toIsoUtc } from '../../../shared/time';

/** Sync runs and the records they fill. */
export function createSyncHandlers(
  ctx: EngineContext,
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
  const service = syncServiceOf(ctx);
  const { sqlite } = ctx.store;

  const changeAccount = async (action: 'add' | 'remove', account: { number: string; label: string }) => {
    try {
      const client = await connect(ctx, service.clientTuning);
      await client.changeGlAccount(action, account);
      const accounts = await client.glAccounts();
      sqlite.transaction(() => replaceGlAccounts(sqlite, accounts, toIsoUtc(ctx.clock.now())))();
    } catch (error) {
      throw toContractError(error);
    }
    ctx.events.emit('data.changed', { scopes: ['glAccounts'] });
    return listGlAccounts(sqlite);
  };

  return {
    'sync.start': async ({ from }) => {
      const { runId, alreadyRunning } = await service.start({ trigger: 'manual', from });
      return { runId, alreadyRunning };
    },
    'sync.cancel': async () => ({ cancelled: service.cancel() }),
    'sync.status': () => service.status(),
    'sync.runs': async ({ limit }) => listRuns(sqlite, limit),
    'payees.list': async () => listPayees(sqlite),
    'glAccounts.list': async () => listGlAccounts(sqlite),
    'glAccounts.add': (account) => changeAccount('add', account),
    'glAccounts.remove': (account) => changeAccount('remove', account),
    'transactions.list': async ({ filter, cursor, limit }) => listTransactions(sqlite, filter, cursor, limit),
    'transactions.count': async ({ filter }) => ({ count: countTransactions(sqlite, filter) }),
    'transactions.get': async ({ id }) => {
      const before = getTransaction(sqlite, id);
      if (await fillTransactionDetails(ctx, service.clientTuning, id)) {
        ctx.events.emit('data.changed', { scopes: ['transactions'] });
        return getTransaction(sqlite, id);
      }
      return before;
    },
  };
}
