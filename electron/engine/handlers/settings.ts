import type { EngineContext } from '../context';
import { writeSettings } from '../settings';
import { checkServiceUrlArgument } from './connection';
import { actingUser, type DomainHandlers } from './domain';
import { readSettingChanges } from '../store/settings';

/** Settings: the schedule, export layout, accounts, reviewer; and who changed which, when. */
export function createSettingsHandlers(ctx: EngineContext): DomainHandlers<'settings'> {
  return {
    'settings.get': () => ctx.settings(),
    'settings.set': async ({ patch }) => {
      if (patch.serviceUrl) checkServiceUrlArgument(patch.serviceUrl);
      return writeSettings(ctx, patch, await actingUser(ctx));
    },
    'settings.changes': async ({ cursor, limit }) => {
      const beforeId = cursor ? Number(cursor) : null;
      const rows = await readSettingChanges(ctx.store.reader, { beforeId, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        rows: page,
        nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null,
      };
    },
  };
}
