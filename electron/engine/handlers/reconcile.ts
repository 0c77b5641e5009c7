import type { EngineContext } from '../context';
import { daySummary } from '../reconcile';
import { reversalsInRange, reversalTotals } from '../reconcile/reversals';
import type { DomainHandlers } from './domain';

/** The day x payee x method tie-out summary, and the period's reversals. */
export function createReconcileHandlers(ctx: EngineContext): DomainHandlers<'reconcile'> {
  return {
    'reconcile.summary': ({ from, to }) => daySummary(ctx.store.reader, from, to),
    'reconcile.reversals': async (filter) => {
      const reversals = await reversalsInRange(ctx.store.reader, filter);
      const totals = reversalTotals(reversals);
      return {
        reversals,
        count: totals.count,
        totalCents: totals.amountCents,
        byKind: totals.byKind,
      };
    },
  };
}
