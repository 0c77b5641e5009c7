import { useState } from 'react';
import type { Settings } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { Form, TextField, UrlField } from '../../components/Fields';
import { Outcome } from '../../components/Status';
import { reads } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';

interface Connection {
  url: string;
  token: string;
  secret: string;
}

/**
 * Service URL, token and secret. Token and secret are write-only: the fields start empty, are never
 * filled from the engine, and are cleared only after a successful save.
 */
export function ConnectionForm({ settings }: { settings: Settings }) {
  const connection = useAction(
    (args: Connection) => bridge.call('connection.set', args),
    replaces<Settings>(reads.settings().queryKey),
  );
  const test = useAction((address: string | undefined) =>
    bridge.call('connection.test', address ? { url: address } : {}),
  );
  const testResult = test.result;
  const [url, setUrl] = useState(settings.serviceUrl ?? '');
  const [token, setToken] = useState('');
  const [secret, setSecret] = useState('');
  const problem = !url.trim()
    ? 'Enter the service address.'
    : !token || !secret
      ? 'Enter both the token and the secret.'
      : null;

  return (
    <Form
      className="panel"
      aria-labelledby="connection-title"
      onSubmit={async () => {
        if (problem) return;
        if (await connection.run({ url: url.trim(), token, secret })) {
          setToken('');
          setSecret('');
        }
      }}
    >
      <h2 id="connection-title">Payment service connection</h2>
      <p className="muted">
        {settings.connectionConfigured
          ? 'A token and secret are stored. Enter new ones to replace them.'
          : 'No token and secret are stored yet.'}
      </p>
      <div className="form-grid">
        <UrlField
          label="Service address (URL)"
          value={url}
          onChange={setUrl}
          placeholder="https://payments.example.org/api"
        />
        <TextField label="Token" type="password" value={token} onChange={setToken} autoComplete="off" />
        <TextField label="Secret" type="password" value={secret} onChange={setSecret} autoComplete="off" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={connection.busy || problem !== null}>
          {connection.busy ? 'Saving…' : 'Save connection'}
        </button>
        <button
          type="button"
          className="button"
          disabled={test.busy}
          onClick={() => void test.run(url.trim() || undefined)}
        >
          {test.busy ? 'Testing…' : 'Test connection'}
        </button>
        {problem && (token || secret) && <span className="muted">{problem}</span>}
      </div>
      <Outcome action={connection} ok="Connection saved. The token and secret are stored securely." />
      {testResult && (
        <p role="status" className={testResult.ok ? 'banner banner-ok' : 'banner banner-error'}>
          {testResult.message}
          {testResult.ok && testResult.payeeCount !== null ? ` (${testResult.payeeCount} payees)` : ''}
        </p>
      )}
      <Outcome action={test} />
    </Form>
  );
}
