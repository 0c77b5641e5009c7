import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportLayout, Settings, SettingsPatch } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { CheckField, ChoiceField, NumberField, optionsOf, TextField } from '../../components/Fields';
import { Outcome, QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';
import { EXPORT_LAYOUT_LABELS, EXPORT_LAYOUT_OPTIONS } from '../../labels';
import { ConnectionForm } from './ConnectionForm';

type Draft = Omit<Settings, 'serviceUrl' | 'connectionConfigured'>;

/** How far back the sync reads, in days (the engine's limits). */
const DAY_SETTINGS: Array<{ key: 'refreshWindowDays' | 'firstSyncDays'; label: string; max: number }> = [
  { key: 'refreshWindowDays', label: 'Re-read the last … days', max: 365 },
  { key: 'firstSyncDays', label: 'First sync goes back … days', max: 3650 },
];

/** The export's accounts, and the Escape layout's fields (shown only for that layout). */
const TEXT_SETTINGS: Array<{
  key: 'clearingAccount' | 'depositAccount' | 'escapeOrgId' | 'escapeDeptId' | 'escapeJeType';
  label: string;
  maxLength: number;
}> = [
  { key: 'clearingAccount', label: 'Clearing account', maxLength: 64 },
  { key: 'depositAccount', label: 'Deposit (bank) account', maxLength: 64 },
  { key: 'escapeOrgId', label: 'Escape organisation ID', maxLength: 32 },
  { key: 'escapeDeptId', label: 'Escape department ID', maxLength: 32 },
  { key: 'escapeJeType', label: 'Escape journal entry type', maxLength: 8 },
];

function draftOf(settings: Settings): Draft {
  const { serviceUrl: _url, connectionConfigured: _configured, ...rest } = settings;
  return rest;
}

function changedFields(draft: Draft, saved: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (saved[key as keyof Settings] !== value) patch[key] = value;
  }
  return patch as SettingsPatch;
}

export function SettingsView() {
  const query = useQuery(reads.settings());
  const settings = query.data;

  return (
    <section aria-labelledby="view-title" className="view view-narrow">
      <h1 id="view-title">Settings</h1>
      <QueryStatus query={query} loading="Loading settings…" />
      {settings && (
        <>
          <ConnectionForm settings={settings} />
          <PreferencesForm settings={settings} />
        </>
      )}
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
  const patch = changedFields(draft, settings);
  const dirty = Object.keys(patch).length > 0;

  return (
    <form
      className="panel"
      aria-labelledby="prefs-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (dirty) void save.run(patch);
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
      <fieldset className="fieldset">
        <legend>Export</legend>
        <div className="form-grid">
          <ChoiceField
            label="Layout"
            value={draft.exportLayout}
            options={optionsOf(EXPORT_LAYOUT_OPTIONS, (layout) => EXPORT_LAYOUT_LABELS[layout])}
            onChange={(value) => set('exportLayout', value as ExportLayout)}
          />
          {TEXT_SETTINGS.filter(({ key }) => draft.exportLayout === 'escape' || !key.startsWith('escape')).map(
            ({ key, label, maxLength }) => (
              <TextField
                key={key}
                label={label}
                value={draft[key]}
                onChange={(value) => set(key, value)}
                maxLength={maxLength}
              />
            ),
          )}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Review and demo data</legend>
        <div className="form-grid">
          <TextField
            label="Your name (on sign-offs)"
            value={draft.reviewerName}
            onChange={(value) => set('reviewerName', value)}
            maxLength={100}
          />
        </div>
        <CheckField
          label="Sandbox mode: use the built-in demo service instead of the district’s"
          checked={draft.sandboxMode}
          onChange={(checked) => set('sandboxMode', checked)}
        />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving || !dirty}>
          {saving ? 'Saving…' : 'Save settings'}
        </button>
        <button
          type="button"
          className="button"
          disabled={saving || !dirty}
          onClick={() => setDraft(draftOf(settings))}
        >
          Undo changes
        </button>
      </div>
      <Outcome action={save} ok="Settings saved." />
    </form>
  );
}
