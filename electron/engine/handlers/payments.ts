import { approve, collect, resolve, reverse, type ReversalDeps } from '../act';
import type { EngineContext } from '../context';
import { listIntents } from '../store/intents';
import { actingUser, dataChanged, type DomainHandlers } from './domain';

/**
 * The parts of the engine act/ uses (its narrow dependencies): the client is made at each write with
 * the tuning and address the engine has then (a host may tune the client after the engine started).
 */
export function actDeps(ctx: EngineContext): ReversalDeps {
  return {
    store: ctx.store,
    clock: ctx.clock,
    logger: ctx.logger,
    events: ctx.events,
    settings: ctx.settings,
    serviceClient: () => ctx.connectService(ctx.sync.clientTuning, ctx.options.serviceUrl),
  };
}

/** Refunds, voids and collections (DESIGN.md §12): a preview changes nothing; a write says so. */
export function createPaymentHandlers(ctx: EngineContext): DomainHandlers<'payments'> {
  const deps = actDeps(ctx);
  const changed = <R extends { intent: unknown }>(result: R): R => {
    if (result.intent) dataChanged(ctx, 'transactions', 'changes', 'intents');
    return result;
  };
  return {
    'payments.refund': async (args) => changed(await reverse(deps, 'refund', args, await actingUser(ctx))),
    'payments.void': async (args) => changed(await reverse(deps, 'void', args, await actingUser(ctx))),
    'payments.collect': async (args) => changed(await collect(deps, args, await actingUser(ctx))),
  };
}

/** The intents: the auditor's trail of every write, and "Needs you" for those in doubt. */
export function createIntentHandlers(ctx: EngineContext): DomainHandlers<'intents'> {
  const deps = actDeps(ctx);
  return {
    'intents.list': async (args) => listIntents(ctx.store.reader, args),
    'intents.approve': async ({ id }) => approve(deps, id, await actingUser(ctx)),
    'intents.resolve': async (args) => resolve(deps, args, await actingUser(ctx)),
  };
}
