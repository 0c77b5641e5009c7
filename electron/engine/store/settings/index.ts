/**
 * Settings and their change log.
 *
 * The family's interface: what the rest of the engine imports from it (written by storemove.mjs
 * from its files' exports).
 */
export { readStoredSettings, writeStoredSettings, recordSettingChange, readSettingChanges } from './settings';
export type { SettingsAudit, StoredSettingChange } from './settings';
