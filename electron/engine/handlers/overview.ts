import type { EngineContext } from '../context';
import { getOverview } from '../reconcile';
import { readSettings } from '../settings';
import type { DomainHandlers } from './domain';

/** The morning screen. */
export function createOverviewHandlers(ctx: EngineContext): DomainHandlers<'overview'> {
  return {
    'overview.get': async () => {
      const settings = await readSettings(ctx);
      return getOverview(
        ctx.store.reader,
        ctx.clock,
        {
          enabled: settings.scheduleEnabled,
          time: settings.scheduleTime,
        },
        settings.bankMatchWindowDays,
      );
    },
  };
}
