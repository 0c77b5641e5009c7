/** Settings live in the `settings` table as JSON values; defaults fill what was never set. */
import type { Settings, SettingsPatch } from '../../shared/contract';
import type { EngineContext } from './context';
import { readStoredSettings, writeStoredSettings } from './store/settings';

export const DEFAULT_SETTINGS: Omit<Settings, 'connectionConfigured'> = {
  serviceUrl: null,
  sandboxMode: false,
  scheduleEnabled: true,
  scheduleTime: '01:30',
  refreshWindowDays: 60,
  firstSyncDays: 90,
  exportLayout: 'xlsx',
  clearingAccount: '1010',
  depositAccount: '1010',
  escapeOrgId: '',
  escapeDeptId: '',
  // Escape Online's JE types (docs/erp-layouts.md); a stored 'JE' (our old default) reads as CashRec.
  escapeJeType: 'CashRec',
  reviewerName: '',
  // Processors post one to five business days after the batch date (issue 15).
  bankMatchWindowDays: 5,
  notifyAfterSync: true,
  // Blank: ASCENDER's Clearing Fund default contra (docs/erp-layouts.md).
  ascenderContraObject: '',
  ascenderContraSubObject: '',
  ascenderNextReceipt: 1,
  quickbooksAccountNames: {},
  // Off: a district with one bookkeeper signs off its own deposits.
  requireSeparateApprover: false,
};

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
