import { useEffect, useState } from 'react';
import type { GlAccount } from '../../../../shared/domain';
import { ConfirmDialog } from '../../components/Dialog';
import { EmptyState, ErrorBanner, Loading } from '../../components/Status';
import { formatCount } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useSearchKey } from '../../hooks/useSearchKey';
import { useAccountsStore } from '../../state/accountsStore';

/** The district's Chart of Accounts. Code calls these GL accounts; the screen never does. */
export function ChartOfAccountsView() {
  const { status, accounts, error, saving, actionError, load, add, remove, clearActionError } = useAccountsStore();
  const [number, setNumber] = useState('');
  const [label, setLabel] = useState('');
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<GlAccount | null>(null);
  useEffect(() => {
    void load();
  }, [load]);
  useEngineRefresh(['glAccounts'], () => void load());
  useSearchKey();

  const needle = query.trim().toLowerCase();
  const shown = accounts.filter(
    (a) => !needle || a.number.toLowerCase().includes(needle) || a.label.toLowerCase().includes(needle),
  );
  const active = accounts.filter((a) => !a.removed).length;
  const addProblem =
    number.trim().length < 2
      ? 'Enter the account number (at least 2 characters).'
      : label.trim().length < 2
        ? 'Enter a description (at least 2 characters).'
        : null;

  return (
    <section aria-labelledby="view-title" className="view">
      <div className="view-head">
        <h1 id="view-title">Chart of Accounts</h1>
        <p className="muted">{formatCount(active)} accounts</p>
      </div>
      <form
        className="panel add-form"
        aria-labelledby="add-title"
        onSubmit={async (event) => {
          event.preventDefault();
          if (addProblem) return;
          // The fields keep what was typed unless the account was really added.
          if (await add(number.trim(), label.trim())) {
            setNumber('');
            setLabel('');
          }
        }}
      >
        <h2 id="add-title">Add an account</h2>
        <div className="form-row">
          <label className="field">
            <span>Account number</span>
            <input
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              maxLength={64}
              placeholder="e.g. 199-11-6399-00-001"
            />
          </label>
          <label className="field field-grow">
            <span>Description</span>
            <input
              value={label}
              onChange={(event) => setLabel(event.target.value)}
              maxLength={200}
              placeholder="e.g. Cafeteria sales"
            />
          </label>
          <button type="submit" className="button button-primary" disabled={saving || addProblem !== null}>
            {saving ? 'Saving…' : 'Add account'}
          </button>
        </div>
        {actionError && !removing && <ErrorBanner message={actionError} />}
      </form>

      <div className="filters">
        <label className="field field-grow">
          <span>Find an account</span>
          <input
            data-search
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Number or description"
          />
        </label>
      </div>
      {status === 'error' && error && <ErrorBanner message={error} onRetry={() => void load()} />}
      {(status === 'loading' || status === 'idle') && <Loading label="Loading the Chart of Accounts…" />}
      {status === 'ready' && accounts.length === 0 && (
        <EmptyState title="The Chart of Accounts is empty.">
          <p>Accounts arrive with the sync, or add one above.</p>
        </EmptyState>
      )}
      {status === 'ready' && accounts.length > 0 && (
        <table className="simple-table accounts-table">
          <thead>
            <tr>
              <th scope="col">Account number</th>
              <th scope="col">Description</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((account) => (
              <tr key={account.id} className={account.removed ? 'row-muted' : undefined}>
                <td className="mono">{account.number}</td>
                <td>{account.label}</td>
                <td>{account.removed ? 'Removed' : 'Active'}</td>
                <td className="num">
                  {!account.removed && (
                    <button
                      type="button"
                      className="button button-small"
                      onClick={() => {
                        clearActionError();
                        setRemoving(account);
                      }}
                      aria-label={`Remove account ${account.number} ${account.label}`}
                    >
                      Remove…
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConfirmDialog
        title="Remove this account?"
        open={removing !== null}
        confirmLabel="Remove account"
        danger
        busy={saving}
        error={actionError}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing && (await remove(removing))) setRemoving(null);
        }}
      >
        {removing && (
          <p>
            <strong className="mono">{removing.number}</strong> {removing.label} will no longer be offered. Lines
            already posted to it keep their account.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
