import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settings, SettingsPatch } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { CheckField, Form, NumberField, TextField } from '../../components/Fields';
import { RoleLocked } from '../../components/RoleLocked';
import { Outcome, QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';
import { ConnectionForm } from './ConnectionForm';
import { DistrictNameField } from './DistrictNameField';
import { DistrictServerPanel } from './DistrictServerPanel';
import { ExportSettings } from './ExportSettings';
import { SecondApproverField, thresholdText } from './SecondApproverField';
import { SettingsHistory } from './SettingsHistory';

type Draft = Omit<Settings, 'serviceUrl' | 'connectionConfigured'>;

/** How far back the sync reads, in days (the engine's limits). */
const DAY_SETTINGS: Array<{ key: 'refreshWindowDays' | 'firstSyncDays'; label: string; max: number }> = [
  { key: 'refreshWindowDays', label: 'Re-read the last … days', max: 365 },
  { key: 'firstSyncDays', label: 'First sync goes back … days', max: 3650 },
];

function draftOf(settings: Settings): Draft {
  const { serviceUrl: _url, connectionConfigured: _configured, ...rest } = settings;
  return rest;
}

/** Equal values; a record (the QuickBooks names) by its entries, whatever their order. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const entries = Object.entries(a);
  return (
    entries.length === Object.keys(b).length &&
    entries.every(([key, value]) => (b as Record<string, unknown>)[key] === value)
  );
}

function changedFields(draft: Draft, saved: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (!same(saved[key as keyof Settings], value)) patch[key] = value;
  }
  return patch as SettingsPatch;
}

export function SettingsView() {
  const query = useQuery(reads.settings());
  const settings = query.data;

  return (
    <section aria-labelledby="view-title" className="view view-narrow">
      <h1 id="view-title">Settings</h1>
      {/* Before the settings: on a server whose session ended, they cannot be read until a sign-in. */}
      <DistrictServerPanel />
      <QueryStatus query={query} loading="Loading settings…" />
      {settings && (
        // Settings and the connection both need an admin (shared/contractRoles.ts).
        <RoleLocked method="settings.set" what="Settings and the service connection">
          <ConnectionForm settings={settings} />
          <PreferencesForm settings={settings} />
        </RoleLocked>
      )}
      {settings && <SettingsHistory />}
    </section>
  );
}

function PreferencesForm({ settings }: { settings: Settings }) {
  const save = useAction(
    (patch: SettingsPatch) => bridge.call('settings.set', { patch }),
    replaces<Settings>(reads.settings().queryKey),
  );
  const saving = save.busy;
  // The draft survives a failed save: nothing typed is lost.
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  // Typed text apart from the draft's cents: "12.5" and a half-typed "12." must stay as typed.
  const [threshold, setThreshold] = useState(() => thresholdText(settings.refundSecondApproverAboveCents));
  const [thresholdError, setThresholdError] = useState<string | null>(null);
  const [districtName, setDistrictName] = useState(() => settings.districtName ?? '');
  const [districtNameError, setDistrictNameError] = useState<string | null>(null);
  const patch = changedFields(draft, settings);
  const dirty = Object.keys(patch).length > 0;
  const refused = thresholdError !== null || districtNameError !== null;

  return (
    <Form
      className="panel"
      aria-labelledby="prefs-title"
      onSubmit={() => {
        if (dirty && !refused) void save.run(patch);
      }}
    >
      <h2 id="prefs-title">Sync, export and review</h2>
      <fieldset className="fieldset">
        <legend>Nightly sync</legend>
        <CheckField
          label="Sync automatically every night"
          checked={draft.scheduleEnabled}
          onChange={(checked) => set('scheduleEnabled', checked)}
        />
        <CheckField
          label="After the nightly sync, notify me when something needs me (desktop app)"
          checked={draft.notifyAfterSync}
          onChange={(checked) => set('notifyAfterSync', checked)}
        />
        <div className="form-grid">
          <TextField
            label="Time (Central)"
            type="time"
            value={draft.scheduleTime}
            onChange={(value) => set('scheduleTime', value)}
            disabled={!draft.scheduleEnabled}
          />
          {DAY_SETTINGS.map(({ key, label, max }) => (
            <NumberField
              key={key}
              label={label}
              min={1}
              max={max}
              value={draft[key]}
              onChange={(value) => set(key, value)}
            />
          ))}
        </div>
      </fieldset>
      <ExportSettings draft={draft} set={set} />
      <fieldset className="fieldset">
        <legend>Review and demo data</legend>
        <div className="form-grid">
          <TextField
            label="Your name (on sign-offs)"
            value={draft.reviewerName}
            onChange={(value) => set('reviewerName', value)}
            maxLength={100}
          />
          <NumberField
            label="Close each month by this day of the next"
            min={1}
            max={28}
            value={draft.closeDeadlineDay}
            onChange={(value) => set('closeDeadlineDay', value)}
          />
          <DistrictNameField
            text={districtName}
            onChange={(text, reading) => {
              setDistrictName(text);
              setDistrictNameError(reading.error);
              if (reading.error === null) set('districtName', reading.name);
            }}
          />
          <SecondApproverField
            text={threshold}
            onChange={(text, reading) => {
              setThreshold(text);
              setThresholdError(reading.error);
              if (reading.error === null) set('refundSecondApproverAboveCents', reading.cents);
            }}
          />
        </div>
        <CheckField
          label="Sandbox mode: use the built-in demo service instead of the district’s"
          checked={draft.sandboxMode}
          onChange={(checked) => set('sandboxMode', checked)}
        />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving || !dirty || refused}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
        <button
          type="button"
          className="button"
          disabled={saving || (!dirty && !refused)}
          onClick={() => {
            setDraft(draftOf(settings));
            setThreshold(thresholdText(settings.refundSecondApproverAboveCents));
            setThresholdError(null);
            setDistrictName(settings.districtName ?? '');
            setDistrictNameError(null);
          }}
        >
          Undo changes
        </button>
      </div>
      <Outcome action={save} ok="Settings saved." />
    </Form>
  );
}
