import { approve, collect, resolve, reverse } from '../act';
import type { EngineContext } from '../context';
import { listIntents } from '../store/intents';
import { actingUser, dataChanged, type DomainHandlers } from './domain';

/** Refunds, voids and collections (DESIGN.md §12): a preview changes nothing; a write says so. */
export function createPaymentHandlers(ctx: EngineContext): DomainHandlers<'payments'> {
  const changed = <R extends { intent: unknown }>(result: R): R => {
    if (result.intent) dataChanged(ctx, 'transactions', 'changes', 'intents');
    return result;
  };
  return {
    'payments.refund': async (args) => changed(await reverse(ctx, 'refund', args, await actingUser(ctx))),
    'payments.void': async (args) => changed(await reverse(ctx, 'void', args, await actingUser(ctx))),
    'payments.collect': async (args) => changed(await collect(ctx, args, await actingUser(ctx))),
  };
}

/** The intents: the auditor's trail of every write, and "Needs you" for those in doubt. */
export function createIntentHandlers(ctx: EngineContext): DomainHandlers<'intents'> {
  return {
    'intents.list': async (args) => listIntents(ctx.store.reader, args),
    'intents.approve': async ({ id }) => approve(ctx, id, await actingUser(ctx)),
    'intents.resolve': async (args) => resolve(ctx, args, await actingUser(ctx)),
  };
}
