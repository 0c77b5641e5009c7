import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { fails, never, useFakeEngine } from '../helpers/fakeClient';
import { render } from '../helpers/render';
import { itShowsTheEnginesError } from '../helpers/sharedCases';
import * as make from '../helpers/fixtures';

describe('Settings', () => {
  it('shows loading, then the settings', async () => {
    const engine = useFakeEngine({ 'settings.get': never() });
    render(<SettingsView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings');
    engine.answer({ 'settings.get': () => make.settings() });
    act(() => engine.emit('data.changed', { scopes: ['settings'] }));
    expect(await screen.findByLabelText('Service address (URL)')).toHaveValue('https://payments.example.org/api');
    expect(screen.getByLabelText('Time (Central)')).toHaveValue('01:30');
    expect(screen.getByLabelText('Re-read the last … days')).toHaveValue(60);
  });

  it('before any connection says none is stored', async () => {
    useFakeEngine({ 'settings.get': () => make.settings({ serviceUrl: null, connectionConfigured: false }) });
    render(<SettingsView />);
    expect(await screen.findByText('No token and secret are stored yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Service address (URL)')).toHaveValue('');
  });

  itShowsTheEnginesError(() => <SettingsView />, 'settings.get', 'Settings could not be read.');

  it('takes the token and secret in password fields, never shows them back, and keeps them when saving fails', async () => {
    const engine = useFakeEngine({
      'settings.get': () => make.settings({ connectionConfigured: false }),
      'accountMaps.get': () => ({ schools: [], items: [], codes: { ascender: [], escape: [], 'je-csv': [] } }),
      'connection.set': fails('BAD_ARGUMENTS', 'The service address must start with https://.'),
    });
    render(<SettingsView />);
    const token = await screen.findByLabelText('Token');
    const secret = screen.getByLabelText('Secret');
    expect(token).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('type', 'password');
    expect(token).toHaveValue('');
    await userEvent.type(token, 'tok-123');
    await userEvent.type(secret, 's3cret!');
    await userEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service address must start with https://.');
    expect(token).toHaveValue('tok-123');
    expect(secret).toHaveValue('s3cret!');

    engine.answer({ 'connection.set': () => make.settings({ connectionConfigured: true }) });
    await userEvent.click(screen.getByRole('button', { name: 'Save connection' }));
    expect(await screen.findByText(/Connection saved/)).toBeInTheDocument();
    expect(engine.callsOf('connection.set').at(-1)).toEqual({
      url: 'https://payments.example.org/api',
      token: 'tok-123',
      secret: 's3cret!',
    });
    expect(token).toHaveValue('');
    expect(secret).toHaveValue('');
    expect(document.body.textContent).not.toContain('s3cret!');
  });

  it('tests the connection and reports the outcome', async () => {
    const engine = useFakeEngine({
      'settings.get': () => make.settings(),
      'connection.test': () => ({
        ok: false,
        message: 'The service refused the token and secret. Check them with your payment provider.',
        payeeCount: null,
      }),
    });
    render(<SettingsView />);
    await userEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/The service refused the token and secret/)).toBeInTheDocument();
    expect(engine.callsOf('connection.test')).toEqual([{ url: 'https://payments.example.org/api' }]);
  });

  it('saves only what changed, and keeps the edits when saving fails', async () => {
    const engine = useFakeEngine({
      'settings.get': () => make.settings(),
      'accountMaps.get': () => ({ schools: [], items: [], codes: { ascender: [], escape: [], 'je-csv': [] } }),
      'settings.set': fails('BAD_ARGUMENTS', 'The refresh window must be 1 to 365 days.'),
    });
    render(<SettingsView />);
    const days = await screen.findByLabelText('Re-read the last … days');
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.selectOptions(screen.getByLabelText('Layout'), 'escape');
    await userEvent.type(screen.getByLabelText('Escape organisation ID'), '042');
    await userEvent.click(screen.getByRole('checkbox', { name: /Sandbox mode/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The refresh window must be 1 to 365 days.');
    expect(engine.callsOf('settings.set')[0]).toEqual({
      patch: { refreshWindowDays: 90, exportLayout: 'escape', escapeOrgId: '042', sandboxMode: true },
    });
    expect(days).toHaveValue(90);
    engine.answer({ 'settings.set': ({ patch }) => make.settings(patch as object) });
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(screen.getByText('Settings saved.')).toBeInTheDocument());
  });
});
