import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingChange } from '../../../shared/contract';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import * as make from '../helpers/fixtures';

const change = (id: number, key: string, oldValue: string | null, newValue: string | null): SettingChange => ({
  id,
  at: '2026-03-10T19:05:00.000Z',
  by: 'Dana Ruiz',
  key,
  oldValue,
  newValue,
});

describe('Settings: the history of changes', () => {
  it('opens on request and lists who changed what, when (Central), before and after, secrets as recorded', async () => {
    const engine = useFakeEngine({
      'settings.get': () => make.settings(),
      'settings.changes': (args) =>
        args?.cursor
          ? { rows: [change(1, 'notifyAfterSync', 'true', 'false')], nextCursor: null }
          : {
              rows: [
                change(3, 'credentials', '"saved (hidden)"', null),
                change(2, 'scheduleTime', '"01:30"', '"02:00"'),
              ],
              nextCursor: '2',
            },
    });
    render(<SettingsView />);
    const summary = await screen.findByText('Changes to settings');
    // Closed: nothing is read until the bookkeeper asks.
    expect(engine.callsOf('settings.changes')).toEqual([]);
    await userEvent.click(summary);
    const table = await screen.findByRole('table', { name: 'Changes to settings' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Mar 10, 2026, 2:05 PM CT', 'Dana Ruiz', 'Service token and secret', 'saved (hidden)', 'not set'],
      ['Mar 10, 2026, 2:05 PM CT', 'Dana Ruiz', 'Nightly sync time (Central)', '01:30', '02:00'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Notify after the nightly sync')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
    expect(engine.callsOf('settings.changes').at(-1)).toEqual({ limit: 50, cursor: '2' });

    // A save elsewhere (data.changed settings) reads the history again.
    const before = engine.callsOf('settings.changes').length;
    act(() => engine.emit('data.changed', { scopes: ['settings'] }));
    await waitFor(() => expect(engine.callsOf('settings.changes').length).toBeGreaterThan(before));
  });

  it('says when nothing has been changed', async () => {
    useFakeEngine({
      'settings.get': () => make.settings(),
      'settings.changes': () => ({ rows: [], nextCursor: null }),
    });
    render(<SettingsView />);
    await userEvent.click(await screen.findByText('Changes to settings'));
    expect(await screen.findByText('No setting has been changed yet.')).toBeInTheDocument();
  });
});
