/** Settings live in the `settings` table as JSON values; defaults fill what was never set. */
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from '../../shared/contract';
import type { Clock } from '../../shared/time';
import type { CredentialStore, EngineOptions } from './engineOptions';
import type { EngineEventBus } from './events';
import type { Store } from './store/dialect';
import type { ReadableDB } from './store/work';
import { recordSettingChange, readStoredSettings, writeStoredSettings, type SettingsAudit } from './store/settings';
import { toIsoUtc } from '../../shared/time';

type StoredSettings = Omit<Settings, 'connectionConfigured'>;

/** The settings as they are now: what sync, bank, reconcile and the handlers take instead of the engine. */
export type SettingsReader = () => Promise<Settings>;

export interface SettingsSource {
  reader: ReadableDB;
  credentials: Pick<CredentialStore, 'isConfigured'>;
  /** Sandbox mode when the settings say nothing yet (EngineOptions.sandboxByDefault). */
  sandboxByDefault?: boolean;
}

export function settingsReader(source: SettingsSource): SettingsReader {
  return async () => {
    const stored: Partial<StoredSettings> = {};
    for (const [key, value] of await readStoredSettings(source.reader)) {
      if (key in DEFAULT_SETTINGS) (stored as Record<string, unknown>)[key] = value;
    }
    const sandboxMode = stored.sandboxMode ?? source.sandboxByDefault ?? DEFAULT_SETTINGS.sandboxMode;
    return {
      ...DEFAULT_SETTINGS,
      ...stored,
      sandboxMode,
      connectionConfigured: await source.credentials.isConfigured(),
    };
  };
}

/** What a change of settings needs: where they are stored, who is told, the clock of the history. */
export interface SettingsWriter {
  store: Pick<Store, 'writer'>;
  events: Pick<EngineEventBus, 'emit'>;
  clock: Clock;
  settings: SettingsReader;
  options: Pick<EngineOptions, 'sandboxByDefault'>;
}

/** Saves what `patch` sets; each value it changes goes in the history as `by`'s change. */
export async function writeSettings(ctx: SettingsWriter, patch: SettingsPatch, by: string): Promise<Settings> {
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length) {
    await writeStoredSettings(ctx.store.writer, entries, auditOf(ctx, by));
    ctx.events.emit('data.changed', { scopes: ['settings'] });
  }
  return ctx.settings();
}

/**
 * The service's token and secret saved (or cleared, `saved` false) after `wasSaved`: recorded as
 * such, never as what they are. Nothing when there were none and none are saved.
 */
export async function recordCredentialsChange(
  ctx: SettingsWriter,
  by: string,
  { wasSaved, saved }: { wasSaved: boolean; saved: boolean },
): Promise<void> {
  if (!wasSaved && !saved) return;
  const state = (present: boolean) => (present ? CREDENTIALS_SAVED : null);
  await recordSettingChange(ctx.store.writer, auditOf(ctx, by), 'credentials', state(wasSaved), state(saved));
}

/** What the history says of saved credentials. */
export const CREDENTIALS_SAVED = 'saved (hidden)';
const HIDDEN = '(hidden)';
/** In an address, where parentheses would be percent-encoded. */
const HIDDEN_IN_URL = 'hidden';

function auditOf(ctx: SettingsWriter, by: string): SettingsAudit {
  return {
    by,
    at: toIsoUtc(ctx.clock.now()),
    unsetValue: (key) =>
      key === 'sandboxMode'
        ? (ctx.options.sandboxByDefault ?? DEFAULT_SETTINGS.sandboxMode)
        : (DEFAULT_SETTINGS as Record<string, unknown>)[key],
    recorded: maskSecret,
  };
}

/**
 * A value as the history keeps it. No setting holds a credential today (the token and secret live in
 * the host's credential store), but an address can carry one: a user and password, or a key in its
 * query. Whatever a key's name says is secret is hidden whole.
 */
export function maskSecret(key: string, value: unknown): unknown {
  if (/secret|token|password|credential/i.test(key) && key !== 'credentials') return value === null ? null : HIDDEN;
  if (key === 'serviceUrl' && typeof value === 'string') {
    try {
      const url = new URL(value);
      if (url.username) url.username = HIDDEN_IN_URL;
      if (url.password) url.password = HIDDEN_IN_URL;
      for (const name of [...url.searchParams.keys()]) url.searchParams.set(name, HIDDEN_IN_URL);
      return url.toString();
    } catch {
      return HIDDEN;
    }
  }
  return value;
}
