import { cachedOverviewSummary } from '../cachedReads';
import type { EngineContext } from '../context';
import { getOverview } from '../reconcile';
import { deepFreeze } from '../readCache';
import type { DomainHandlers } from './domain';

/** The morning screen: its summary of the data is shared by every caller until the data change. */
export function createOverviewHandlers(ctx: EngineContext): DomainHandlers<'overview'> {
  return {
    'overview.get': async () => {
      const settings = await ctx.settings();
      const summary = cachedOverviewSummary(ctx, settings.bankMatchWindowDays);
      // Frozen like the summary it shares, so that no caller mistakes any of it for its own.
      return deepFreeze(
        await getOverview(
          ctx.store.reader,
          ctx.clock,
          { enabled: settings.scheduleEnabled, time: settings.scheduleTime },
          summary,
        ),
      );
    },
  };
}
