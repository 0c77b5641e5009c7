import type { EngineContext } from '../context';
import { cachedChangeGroups, cachedUnacknowledgedCount } from '../cachedReads';
import { acknowledgeChanges, listChanges } from '../reconcile';
import { actingUser, dataChanged, nowIso, type DomainHandlers } from './domain';

/** The change feed and acknowledging it. */
export function createChangeHandlers(ctx: EngineContext): DomainHandlers<'changes'> {
  return {
    'changes.list': (args) =>
      listChanges(ctx.store.reader, args, (beforeDistrictRecon) => cachedUnacknowledgedCount(ctx, beforeDistrictRecon)),
    'changes.groups': () => cachedChangeGroups(ctx),
    'changes.acknowledge': async (args) => {
      const acknowledged = await acknowledgeChanges(ctx.store.writer, args, await actingUser(ctx), nowIso(ctx));
      if (acknowledged > 0) dataChanged(ctx, 'changes');
      return { acknowledged };
    },
  };
}
