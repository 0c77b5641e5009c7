import type { EngineContext } from '../context';
import { daySummary } from '../reconcile';
import { outsideInputRule } from '../reconcile/outsideRule';
import { reversalsInRange, reversalTotals } from '../reconcile/reversals';
import type { DomainHandlers } from './domain';

/** The day x payee x method tie-out summary, the period's reversals, and what breaks the service's input rule. */
export function createReconcileHandlers(ctx: EngineContext): DomainHandlers<'reconcile'> {
  return {
    'reconcile.summary': ({ from, to }) => daySummary(ctx.store.reader, from, to),
    'reconcile.outsideRule': ({ from, to, limit }) => outsideInputRule(ctx.store.reader, from, to, limit),
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
