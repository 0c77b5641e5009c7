import { create } from 'zustand';
import type { ConnectionTestResult, Settings, SettingsPatch } from '../../../shared/contract';
import { bridge } from '../bridge';
import { describeError } from '../errors';
import { registerReset, type LoadStatus } from './storeKit';

type Outcome = { ok: true; message: string } | { ok: false; message: string } | null;

interface SettingsState {
  status: LoadStatus;
  settings: Settings | null;
  error: string | null;
  saving: boolean;
  saveOutcome: Outcome;
  connectionSaving: boolean;
  connectionOutcome: Outcome;
  testing: boolean;
  testResult: ConnectionTestResult | null;
  testError: string | null;
  load(): Promise<void>;
  save(patch: SettingsPatch): Promise<boolean>;
  setConnection(url: string, token: string, secret: string): Promise<boolean>;
  testConnection(url?: string): Promise<void>;
}

const initial = {
  status: 'idle' as LoadStatus,
  settings: null,
  error: null,
  saving: false,
  saveOutcome: null,
  connectionSaving: false,
  connectionOutcome: null,
  testing: false,
  testResult: null,
  testError: null,
};

export const useSettingsStore = create<SettingsState>((set, get) => ({
  ...initial,
  async load() {
    if (!get().settings) set({ status: 'loading' });
    try {
      set({ status: 'ready', settings: await bridge.call('settings.get', {}), error: null });
    } catch (error) {
      set({ status: 'error', error: describeError(error) });
    }
  },
  async save(patch) {
    set({ saving: true, saveOutcome: null });
    try {
      const settings = await bridge.call('settings.set', { patch });
      set({ settings, saving: false, saveOutcome: { ok: true, message: 'Settings saved.' } });
      return true;
    } catch (error) {
      set({ saving: false, saveOutcome: { ok: false, message: describeError(error) } });
      return false;
    }
  },
  async setConnection(url, token, secret) {
    set({ connectionSaving: true, connectionOutcome: null });
    try {
      const settings = await bridge.call('connection.set', { url, token, secret });
      set({
        settings,
        connectionSaving: false,
        connectionOutcome: { ok: true, message: 'Connection saved. The token and secret are stored securely.' },
      });
      return true;
    } catch (error) {
      set({ connectionSaving: false, connectionOutcome: { ok: false, message: describeError(error) } });
      return false;
    }
  },
  async testConnection(url) {
    set({ testing: true, testResult: null, testError: null });
    try {
      set({ testResult: await bridge.call('connection.test', url ? { url } : {}), testing: false });
    } catch (error) {
      set({ testing: false, testError: describeError(error) });
    }
  },
}));

registerReset(() => useSettingsStore.setState(initial));
