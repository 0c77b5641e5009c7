import { useState } from 'react';
import type { ServerStatus, SignInArgs } from '../../../../shared/desktopHost';
import { Form, TextField, UrlField } from '../../components/Fields';
import { signedInText } from '../../components/ServerBadge';
import { Outcome } from '../../components/Status';
import { useAction } from '../../data/useAction';
import { desktopHost, serverStatusChanged, useServerStatus } from '../../desktopHost';

/**
 * "Work on a district server" (desktop only): sign in with the name and password the server's admin
 * gave, and from then on every view works on the server's data; sign out to come back to this
 * computer's own data, which stays as it was and works offline. The password field is emptied once
 * it has been used, and nothing typed here is kept but the address and the name.
 */
export function DistrictServerPanel() {
  const status = useServerStatus();
  if (!desktopHost.available() || !status) return null;
  return <Panel status={status} />;
}

function Panel({ status }: { status: ServerStatus }) {
  const last = status.mode === 'server' ? { url: status.url, name: status.name } : status.lastServer;
  const [url, setUrl] = useState(last?.url ?? '');
  const [name, setName] = useState(last?.name ?? '');
  const [password, setPassword] = useState('');
  const switching = useAction(
    (action: { signIn: SignInArgs } | { signOut: true }) =>
      'signIn' in action ? desktopHost.call('server.signIn', action.signIn) : desktopHost.call('server.signOut', {}),
    (next) => {
      serverStatusChanged(next);
      setPassword('');
    },
  );
  const busy = switching.busy;
  const onServer = status.mode === 'server';
  const needsSignIn = !onServer || !status.signedIn;
  const problem = !url.trim()
    ? 'Enter the server’s address.'
    : !name.trim()
      ? 'Enter your name.'
      : !password
        ? 'Enter your password.'
        : null;

  return (
    <Form
      className="panel"
      aria-labelledby="server-title"
      onSubmit={() => {
        if (problem || busy) return;
        void switching.run({ signIn: { url: url.trim(), name: name.trim(), password } });
      }}
    >
      <h2 id="server-title">Work on a district server</h2>
      {onServer && status.signedIn && (
        <p role="status" className="banner banner-ok">
          {signedInText(status)}.
        </p>
      )}
      {onServer && !status.signedIn && (
        <p role="status" className="banner banner-error">
          Your session on {new URL(status.url).host} has ended. Sign in again, or go back to this computer’s data.
        </p>
      )}
      {!onServer && (
        <p className="muted">
          You are working on this computer’s own data. If your district runs a District Recon server, sign in to work
          there with everyone else, with the name and password its admin gave you.
        </p>
      )}
      {needsSignIn && (
        <div className="form-grid">
          <UrlField label="Server address" value={url} onChange={setUrl} placeholder="https://recon.district.org" />
          <TextField label="Your name" value={name} onChange={setName} autoComplete="username" maxLength={200} />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
        </div>
      )}
      <div className="form-actions">
        {needsSignIn && (
          <button type="submit" className="button button-primary" disabled={busy || problem !== null}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        )}
        {onServer && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void switching.run({ signOut: true })}
          >
            Sign out and use this computer’s data
          </button>
        )}
        {needsSignIn && problem && (url || name || password) && <span className="muted">{problem}</span>}
      </div>
      <Outcome action={switching} />
    </Form>
  );
}
