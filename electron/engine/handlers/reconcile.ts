import type { EngineContext } from '../context';
import { daySummary } from '../reconcile';
import type { DomainHandlers } from './domain';

/** The day x payee x method tie-out summary. */
export function createReconcileHandlers(ctx: EngineContext): DomainHandlers<'reconcile'> {
  return {
    'reconcile.summary': ({ from, to }) => daySummary(ctx.store.reader, from, to),
  };
}
