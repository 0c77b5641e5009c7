/** Settings live in the `settings` table as JSON values; defaults fill what was never set. */
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/contract';
import type { EngineContext } from './context';
import { readStoredSettings, writeStoredSettings } from './store/settings';

type StoredSettings = Omit<Settings, 'connectionConfigured'>;

export async function readSettings(ctx: EngineContext): Promise<Settings> {
  const stored: Partial<StoredSettings> = {};
  for (const [key, value] of await readStoredSettings(ctx.store.reader)) {
    if (key in DEFAULT_SETTINGS) (stored as Record<string, unknown>)[key] = value;
  }
  const sandboxMode = stored.sandboxMode ?? ctx.options.sandboxByDefault ?? DEFAULT_SETTINGS.sandboxMode;
  return {
    ...DEFAULT_SETTINGS,
    ...stored,
    sandboxMode,
    connectionConfigured: await ctx.credentials.isConfigured(),
  };
}

export async function writeSettings(ctx: EngineContext, patch: SettingsPatch): Promise<Settings> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length) {
    await writeStoredSettings(ctx.store.writer, entries);
    ctx.events.emit('data.changed', { scopes: ['settings'] });
  }
  return readSettings(ctx);
}
