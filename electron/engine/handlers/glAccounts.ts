import type { EngineContext } from '../context';
import { listGlAccounts, replaceGlAccounts } from '../store/transactions';
import { toContractError } from '../sync/errors';
import { nowIso, type DomainHandlers } from './domain';

/** The Chart of Accounts: the service owns it; adding or removing goes to the service, then the list is re-read. */
export function createGlAccountHandlers(ctx: EngineContext): DomainHandlers<'glAccounts'> {
  const changeAccount = async (action: 'add' | 'remove', account: { number: string; label: string }) => {
    try {
      const client = await ctx.connectService(ctx.sync.clientTuning);
      await client.changeGlAccount(action, account);
      const accounts = await client.glAccounts();
      await replaceGlAccounts(ctx.store.writer, accounts, nowIso(ctx));
    } catch (error) {
      throw toContractError(error);
    }
    return listGlAccounts(ctx.store.reader);
  };
  return {
    'glAccounts.list': () => listGlAccounts(ctx.store.reader),
    'glAccounts.add': (account) => changeAccount('add', account),
    'glAccounts.remove': (account) => changeAccount('remove', account),
  };
}
