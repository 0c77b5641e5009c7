import type { EngineHandlers } from '../../../shared/contract';
import type { EngineContext } from '../context';
import { readSettings, writeSettings } from '../settings';
import { notBuilt } from './notBuilt';

/** Settings and the connection to the service. Owner: the engine issue (sync, API client). */
export function createSettingsHandlers(
  ctx: EngineContext,
): Pick<EngineHandlers, 'settings.get' | 'settings.set' | 'connection.set' | 'connection.clear' | 'connection.test'> {
  return {
    'settings.get': () => readSettings(ctx),
    'settings.set': ({ patch }) => writeSettings(ctx, patch),
    'connection.set': notBuilt('connection.set'),
    'connection.clear': notBuilt('connection.clear'),
    'connection.test': notBuilt('connection.test'),
  };
}
