/** Settings → "Work on a district server" (desktop only), and the header saying who is signed in where. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/desktopHost';
import { App } from '../../../renderer/src/App';
import { SettingsView } from '../../../renderer/src/views/settings/SettingsView';
import { fails, useFakeEngine } from '../helpers/fakeClient';
import { clearFakeDesktopHost, DesktopRefusal, useFakeDesktopHost } from '../helpers/fakeDesktopHost';
import { render } from '../helpers/render';
import { axeFindings } from '../helpers/axe';
import * as make from '../helpers/fixtures';

afterEach(clearFakeDesktopHost);

const LOCAL: ServerStatus = { mode: 'local', lastServer: null };
const ON_SERVER: ServerStatus = {
  mode: 'server',
  url: 'https://recon.district.org',
  name: 'Ana Ruiz',
  role: 'approver',
  signedIn: true,
};

function settingsEngine() {
  return useFakeEngine({ 'settings.get': () => make.settings() });
}

const panel = () => screen.getByRole('form', { name: 'Work on a district server' });

describe('Work on a district server', () => {
  it('is not offered in the browser (no desktop host)', async () => {
    settingsEngine();
    render(<SettingsView />);
    await screen.findByLabelText('Service address (URL)');
    expect(screen.queryByText('Work on a district server')).not.toBeInTheDocument();
  });

  it('on this computer: explains, signs in, then says who is signed in where and forgets the password', async () => {
    settingsEngine();
    const host = useFakeDesktopHost({ 'server.status': () => LOCAL, 'server.signIn': () => ON_SERVER });
    render(<SettingsView />);
    expect(await screen.findByText(/You are working on this computer’s own data/)).toBeInTheDocument();
    const signIn = within(panel()).getByRole('button', { name: 'Sign in' });
    expect(signIn).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Server address'), ' https://recon.district.org ');
    await userEvent.type(screen.getByLabelText('Your name'), 'Ana Ruiz');
    expect(within(panel()).getByText('Enter your password.')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.type(password, 'correct horse battery staple');
    await userEvent.click(signIn);
    expect(await within(panel()).findByRole('status')).toHaveTextContent(
      'Signed in to recon.district.org as Ana Ruiz (approver).',
    );
    expect(host.calls.filter((c) => c.method === 'server.signIn')).toEqual([
      {
        method: 'server.signIn',
        args: { url: 'https://recon.district.org', name: 'Ana Ruiz', password: 'correct horse battery staple' },
      },
    ]);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('correct horse battery staple');
    expect(within(panel()).getByRole('button', { name: 'Sign out and use this computer’s data' })).not.toBeDisabled();
  });

  it('offers the last server and name again, and shows a refusal in its one line, staying local', async () => {
    settingsEngine();
    useFakeDesktopHost({
      'server.status': () => ({ mode: 'local', lastServer: { url: 'https://recon.district.org', name: 'Ana Ruiz' } }),
      'server.signIn': () => {
        throw new DesktopRefusal('FORBIDDEN', 'That name and password do not match an active user.');
      },
    });
    render(<SettingsView />);
    expect(await screen.findByLabelText('Server address')).toHaveValue('https://recon.district.org');
    expect(screen.getByLabelText('Your name')).toHaveValue('Ana Ruiz');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Sign in' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'That name and password do not match an active user.',
    );
    expect(screen.getByText(/You are working on this computer’s own data/)).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
  });

  it('when the session ended: says so, offers to sign in again, even though the settings cannot be read', async () => {
    useFakeEngine({ 'settings.get': fails('FORBIDDEN', 'Your session on recon.district.org has ended.') });
    const host = useFakeDesktopHost({
      'server.status': () => ({ ...ON_SERVER, signedIn: false }),
      'server.signOut': () => ({ mode: 'local', lastServer: { url: ON_SERVER.url, name: ON_SERVER.name } }),
    });
    render(<SettingsView />);
    await screen.findByRole('form', { name: 'Work on a district server' });
    expect(within(panel()).getByRole('status')).toHaveTextContent(
      'Your session on recon.district.org has ended. Sign in again, or go back to this computer’s data.',
    );
    expect(screen.getByLabelText('Server address')).toHaveValue('https://recon.district.org');
    expect(screen.getByLabelText('Your name')).toHaveValue('Ana Ruiz');
    expect(within(panel()).getByRole('button', { name: 'Sign in' })).toBeDisabled();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Sign out and use this computer’s data' }));
    expect(await screen.findByText(/You are working on this computer’s own data/)).toBeInTheDocument();
    expect(host.calls.map((c) => c.method)).toEqual(['server.status', 'server.signOut']);
  });
});

describe('accessibility', () => {
  it.each([
    ['on this computer', LOCAL],
    ['signed in', ON_SERVER],
    ['after the session ended', { ...ON_SERVER, signedIn: false }],
  ] as const)('has no axe findings %s', async (_case, status) => {
    settingsEngine();
    useFakeDesktopHost({ 'server.status': () => status });
    const { container } = render(<SettingsView />);
    await screen.findByRole('form', { name: 'Work on a district server' });
    await screen.findByLabelText('Service address (URL)');
    expect(await axeFindings(container)).toEqual([]);
  });
});

describe('the header while on a district server', () => {
  const shell = {
    'app.info': () => ({
      version: '0.1.0',
      dataFolder: '/data',
      sandbox: false,
      host: 'electron' as const,
      today: '2026-11-20',
    }),
    'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
    'overview.get': () => make.overview(),
  };

  it('says who is signed in where; after a switch every read is made again, from the new place', async () => {
    const engine = useFakeEngine(shell);
    const host = useFakeDesktopHost({ 'opening.status': () => null, 'server.status': () => LOCAL });
    render(<App />);
    await screen.findByText('v0.1.0');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByText(/Signed in to/)).not.toBeInTheDocument();
    const readsBefore = engine.callsOf('app.info').length;

    engine.answer({
      'app.info': () => ({
        version: '0.2.0-server',
        dataFolder: '/srv',
        sandbox: false,
        host: 'web',
        today: '2026-11-20',
      }),
    });
    act(() => host.emit('server', ON_SERVER));
    expect(within(banner).getByText('Signed in to recon.district.org as Ana Ruiz (approver)')).toBeInTheDocument();
    expect(await screen.findByText('v0.2.0-server')).toBeInTheDocument();
    expect(engine.callsOf('app.info').length).toBeGreaterThan(readsBefore);

    act(() => host.emit('server', { ...ON_SERVER, signedIn: false }));
    expect(
      within(banner).getByRole('link', { name: 'Session on recon.district.org ended: sign in again' }),
    ).toHaveAttribute('href', '#/settings');

    engine.answer(shell);
    act(() => host.emit('server', { mode: 'local', lastServer: { url: ON_SERVER.url, name: ON_SERVER.name } }));
    await waitFor(() => expect(within(banner).queryByText(/recon\.district\.org/)).not.toBeInTheDocument());
    expect(await screen.findByText('v0.1.0')).toBeInTheDocument();
  });
});
