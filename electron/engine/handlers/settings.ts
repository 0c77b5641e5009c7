import type { EngineContext } from '../context';
import { readSettings, writeSettings } from '../settings';
import { checkServiceUrlArgument } from './connection';
import type { DomainHandlers } from './domain';

/** Settings: the schedule, export layout, accounts, reviewer. */
export function createSettingsHandlers(ctx: EngineContext): DomainHandlers<'settings'> {
  return {
    'settings.get': () => readSettings(ctx),
    'settings.set': async ({ patch }) => {
      if (patch.serviceUrl) checkServiceUrlArgument(patch.serviceUrl);
      return writeSettings(ctx, patch);
    },
  };
}
