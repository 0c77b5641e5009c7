import type { EngineContext } from '../context';
import { readSettings } from '../settings';
import { databaseStatus } from '../store/status';
import type { DomainHandlers } from './domain';

export function createAppHandlers(ctx: EngineContext): DomainHandlers<'app'> {
  return {
    'app.info': async () => ({
      version: ctx.options.version,
      dataFolder: ctx.options.dataFolder,
      sandbox: (await readSettings(ctx)).sandboxMode,
      host: ctx.options.host,
    }),
    'app.status': async () => databaseStatus(ctx.store.reader, ctx.store.path),
  };
}
