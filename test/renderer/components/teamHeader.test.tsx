/** Browser team mode: the header says who is signed in and signs out; single-user pages say nothing. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../renderer/src/App';
import { BridgeError } from '../../../renderer/src/bridge';
import { setTeamSession, signOutOfTeam, useTeamUser } from '../../../renderer/src/teamSession';
import { useFakeEngine } from '../helpers/fakeClient';
import { useFakeTeamSession } from '../helpers/fakeTeamSession';
import { render } from '../helpers/render';
import { axeFindings } from '../helpers/axe';
import * as make from '../helpers/fixtures';

const shell = {
  'app.info': () => ({
    version: '0.1.0',
    dataFolder: '/srv',
    sandbox: false,
    host: 'web' as const,
    today: '2026-11-20',
  }),
  'sync.status': () => ({ running: false, progress: null, lastRun: null, lastSuccessAt: null, nextRunAt: null }),
  'overview.get': () => make.overview(),
};

describe('the header in browser team mode', () => {
  it('says who is signed in, and Sign out ends the session on the server', async () => {
    useFakeEngine(shell);
    const session = useFakeTeamSession({ name: 'Ben Ito', role: 'preparer' });
    render(<App />);
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByText('Signed in as Ben Ito (preparer)')).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Sign out' }));
    expect(session.signOuts).toBe(1);
    expect(within(banner).getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  });

  it('keeps the user signed in and says why when the server did not sign out', async () => {
    useFakeEngine(shell);
    const session = useFakeTeamSession({ name: 'Ben Ito', role: 'preparer' });
    session.failNextSignOut(
      new BridgeError('OFFLINE', 'The district server is not answering, so you are still signed in. Try again.'),
    );
    render(<App />);
    const banner = screen.getByRole('banner');
    await userEvent.click(await within(banner).findByRole('button', { name: 'Sign out' }));
    expect(await within(banner).findByRole('alert')).toHaveTextContent(
      'The district server is not answering, so you are still signed in. Try again.',
    );
    expect(within(banner).getByText('Signed in as Ben Ito (preparer)')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).not.toBeDisabled();
  });

  it('says nothing about a sign-in on a single-user page', async () => {
    useFakeEngine(shell);
    useFakeTeamSession(null);
    render(<App />);
    await screen.findByText('v0.1.0');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByText(/Signed in/)).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('has no axe findings while signed in', async () => {
    useFakeEngine(shell);
    useFakeTeamSession({ name: 'Ana Ruiz', role: 'admin' });
    const { container } = render(<App />);
    await screen.findByText('Signed in as Ana Ruiz (admin)');
    expect(await axeFindings(container)).toEqual([]);
  });
});

describe('the session against the server’s /auth endpoints', () => {
  const CSRF = 'recon_csrf=tok-123';
  beforeEach(() => {
    useFakeEngine({});
  });
  afterEach(() => {
    document.cookie = `${CSRF}; max-age=0`;
    vi.unstubAllGlobals();
    setTeamSession(undefined);
  });

  function Who() {
    const user = useTeamUser();
    return <p>{user ? `${user.name} ${user.role}` : 'nobody'}</p>;
  }

  it('asks /auth/me only on a page a district server signed in (its CSRF cookie), and reads the user', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true, result: { user: { name: 'Cy Lee', role: 'viewer' } } }));
    vi.stubGlobal('fetch', fetch);
    setTeamSession(undefined);
    const first = render(<Who />);
    await waitFor(() => expect(screen.getByText('nobody')).toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalled();
    first.unmount();

    document.cookie = CSRF;
    setTeamSession(undefined);
    render(<Who />);
    expect(await screen.findByText('Cy Lee viewer')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/auth/me', expect.anything());
  });

  it('takes an answer that is not a signed-in user (a single-user host’s page) as no user', async () => {
    document.cookie = CSRF;
    vi.stubGlobal('fetch', async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }));
    setTeamSession(undefined);
    render(<Who />);
    await waitFor(() => expect(screen.getByText('nobody')).toBeInTheDocument());
  });

  it('signs out with the session’s CSRF token, and says so in one line when the server refuses', async () => {
    document.cookie = CSRF;
    const fetch = vi.fn(async () => Response.json({ ok: false }, { status: 403 }));
    vi.stubGlobal('fetch', fetch);
    setTeamSession(undefined);
    await expect(signOutOfTeam()).rejects.toThrow('The district server did not sign you out. Try again.');
    expect(fetch).toHaveBeenCalledWith('/auth/logout', { method: 'POST', headers: { 'x-csrf-token': 'tok-123' } });
  });
});
