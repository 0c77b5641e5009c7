import type { EngineContext } from '../context';
import { listPayees } from '../store/transactions';
import type { DomainHandlers } from './domain';

export function createPayeeHandlers(ctx: EngineContext): DomainHandlers<'payees'> {
  return {
    'payees.list': () => listPayees(ctx.store.reader),
  };
}
