/**
 * Words for the history of settings (issue 26 item 16): what each setting is called and how a
 * recorded value reads, shared by the Settings view and the auditor's packet. A setting without a
 * name here does not compile.
 */
import type { Settings } from './contract/results';

export type RecordedSetting = keyof Omit<Settings, 'connectionConfigured'> | 'credentials';

export const SETTING_NAMES: Record<RecordedSetting, string> = {
  serviceUrl: 'Service address',
  credentials: 'Service token and secret',
  sandboxMode: 'Sandbox mode',
  scheduleEnabled: 'Nightly sync',
  scheduleTime: 'Nightly sync time (Central)',
  refreshWindowDays: 'Days re-read each night',
  firstSyncDays: 'Days the first sync reads',
  exportLayout: 'Export layout',
  clearingAccount: 'Clearing account',
  depositAccount: 'Deposit account',
  escapeOrgId: 'Escape Online organization',
  escapeDeptId: 'Escape Online department',
  escapeJeType: 'Escape Online JE type',
  reviewerName: 'Reviewer name',
  bankMatchWindowDays: 'Bank matching window (business days)',
  notifyAfterSync: 'Notify after the nightly sync',
  ascenderContraObject: 'ASCENDER contra object',
  ascenderContraSubObject: 'ASCENDER contra sub-object',
  ascenderNextReceipt: 'ASCENDER next receipt number',
  quickbooksAccountNames: 'QuickBooks account names',
  requireSeparateApprover: 'A second person approves sign-offs',
  refundSecondApproverAboveCents: 'Refunds above this need a second approver',
  closeDeadlineDay: 'Day of the next month a month should be closed by',
  districtName: "District's name",
  payerDetailsInFlight: 'Payer details requests at once',
};

export function settingName(key: string): string {
  return Object.hasOwn(SETTING_NAMES, key) ? SETTING_NAMES[key as RecordedSetting] : key;
}

/** A recorded value (JSON text, secrets already masked) as a bookkeeper reads it. */
export function describeSettingValue(json: string | null): string {
  if (json === null) return 'not set';
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return json;
  }
  if (value === true) return 'On';
  if (value === false) return 'Off';
  if (value === '') return 'blank';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return 'none';
    const shown = entries.slice(0, 3).map(([key, name]) => `${key}: ${String(name)}`);
    return entries.length > 3 ? `${shown.join('; ')}; and ${entries.length - 3} more` : shown.join('; ');
  }
  return json;
}
