import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { readSettings } from '../settings';

export function createAppHandlers(ctx: EngineContext): Pick<EngineHandlers, 'app.info'> {
  return {
    'app.info': async () => ({
      version: ctx.options.version,
      dataFolder: ctx.options.dataFolder,
      sandbox: (await readSettings(ctx)).sandboxMode,
      host: ctx.options.host,
    }),
  };
}
