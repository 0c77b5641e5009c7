import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExportLayout, Settings, SettingsPatch } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Outcome, QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';
import { EXPORT_LAYOUT_LABELS, EXPORT_LAYOUT_OPTIONS } from '../../labels';
import { ConnectionForm } from './ConnectionForm';

type Draft = Omit<Settings, 'serviceUrl' | 'connectionConfigured'>;

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
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.scheduleEnabled}
            onChange={(event) => set('scheduleEnabled', event.target.checked)}
          />
          Sync automatically every night
        </label>
        <div className="form-grid">
          <label className="field">
            <span>Time (Central)</span>
            <input
              type="time"
              value={draft.scheduleTime}
              onChange={(event) => set('scheduleTime', event.target.value)}
              disabled={!draft.scheduleEnabled}
            />
          </label>
          <label className="field">
            <span>Re-read the last … days</span>
            <input
              type="number"
              min={1}
              max={365}
              value={draft.refreshWindowDays}
              onChange={(event) => set('refreshWindowDays', Number(event.target.value))}
            />
          </label>
          <label className="field">
            <span>First sync goes back … days</span>
            <input
              type="number"
              min={1}
              max={3650}
              value={draft.firstSyncDays}
              onChange={(event) => set('firstSyncDays', Number(event.target.value))}
            />
          </label>
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Export</legend>
        <div className="form-grid">
          <label className="field">
            <span>Layout</span>
            <select
              value={draft.exportLayout}
              onChange={(event) => set('exportLayout', event.target.value as ExportLayout)}
            >
              {EXPORT_LAYOUT_OPTIONS.map((layout) => (
                <option key={layout} value={layout}>
                  {EXPORT_LAYOUT_LABELS[layout]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Clearing account</span>
            <input
              value={draft.clearingAccount}
              onChange={(event) => set('clearingAccount', event.target.value)}
              maxLength={64}
            />
          </label>
          <label className="field">
            <span>Deposit (bank) account</span>
            <input
              value={draft.depositAccount}
              onChange={(event) => set('depositAccount', event.target.value)}
              maxLength={64}
            />
          </label>
          {draft.exportLayout === 'escape' && (
            <>
              <label className="field">
                <span>Escape organisation ID</span>
                <input
                  value={draft.escapeOrgId}
                  onChange={(event) => set('escapeOrgId', event.target.value)}
                  maxLength={32}
                />
              </label>
              <label className="field">
                <span>Escape department ID</span>
                <input
                  value={draft.escapeDeptId}
                  onChange={(event) => set('escapeDeptId', event.target.value)}
                  maxLength={32}
                />
              </label>
              <label className="field">
                <span>Escape journal entry type</span>
                <input
                  value={draft.escapeJeType}
                  onChange={(event) => set('escapeJeType', event.target.value)}
                  maxLength={8}
                />
              </label>
            </>
          )}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>Review and demo data</legend>
        <div className="form-grid">
          <label className="field">
            <span>Your name (on sign-offs)</span>
            <input
              value={draft.reviewerName}
              onChange={(event) => set('reviewerName', event.target.value)}
              maxLength={100}
            />
          </label>
        </div>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.sandboxMode}
            onChange={(event) => set('sandboxMode', event.target.checked)}
          />
          Sandbox mode: use the built-in demo service instead of the district’s
        </label>
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
