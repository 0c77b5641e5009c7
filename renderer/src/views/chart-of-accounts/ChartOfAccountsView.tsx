import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { GlAccount } from '../../../../shared/domain';
import { bridge } from '../../bridge';
import { columnsOf } from '../../components/columns';
import { ConfirmDialog } from '../../components/Dialog';
import { Form, TextField } from '../../components/Fields';
import { EmptyState, ErrorBanner, QueryStatus } from '../../components/Status';
import { StaticTable } from '../../components/StaticTable';
import { reads } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';
import { formatCount } from '../../format';
import { useCan, useWhyNot } from '../../hooks/useCan';
import { useSearchKey } from '../../hooks/useSearchKey';

const account = columnsOf<GlAccount>();

/**
 * Account numbers that more than one active description shares (issue 30 item 8): a posting to such a
 * number cannot say which account it means, so each is flagged until one description is removed.
 */
function sharedNumbers(accounts: readonly GlAccount[]): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  for (const a of accounts) if (!a.removed) labels.set(a.number, [...(labels.get(a.number) ?? []), a.label]);
  return new Map([...labels].filter(([, names]) => names.length > 1));
}

function columnsFor(shared: Map<string, string[]>) {
  return [
    account.code('number', 'Account number', (a) => a.number),
    account.text('label', 'Description', (a) => a.label),
    account.text('state', 'State', (a) =>
      a.removed ? (
        'Removed'
      ) : shared.has(a.number) ? (
        <span className="field-warning">Active · shares its number</span>
      ) : (
        'Active'
      ),
    ),
  ];
}

/** The engine answers both with the whole list as it now is. */
function useAccountEdits() {
  const replace = replaces<GlAccount[]>(reads.glAccounts().queryKey);
  const add = useAction((a: Pick<GlAccount, 'number' | 'label'>) => bridge.call('glAccounts.add', a), replace);
  const remove = useAction(
    (a: GlAccount) => bridge.call('glAccounts.remove', { number: a.number, label: a.label }),
    replace,
  );
  return {
    add: (number: string, label: string) => add.run({ number, label }),
    remove: remove.run,
    saving: add.busy || remove.busy,
    actionError: add.error ?? remove.error,
    clearActionError() {
      add.clear();
      remove.clear();
    },
  };
}

/** The district's Chart of Accounts. Code calls these GL accounts; the screen never does. */
export function ChartOfAccountsView() {
  const list = useQuery(reads.glAccounts());
  const accounts = list.data ?? [];
  const { add, remove, saving, actionError, clearActionError } = useAccountEdits();
  const [number, setNumber] = useState('');
  const [label, setLabel] = useState('');
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<GlAccount | null>(null);
  // Adding and removing accounts both need an admin.
  const mayEdit = useCan('glAccounts.add');
  const whyNot = useWhyNot('glAccounts.add');
  useSearchKey();

  const needle = query.trim().toLowerCase();
  const shown = accounts.filter(
    (a) => !needle || a.number.toLowerCase().includes(needle) || a.label.toLowerCase().includes(needle),
  );
  const active = accounts.filter((a) => !a.removed).length;
  const shared = sharedNumbers(accounts);
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
      {!mayEdit ? (
        <p className="muted" role="note">
          Adding and removing accounts: {whyNot}
        </p>
      ) : (
        <Form
          className="panel add-form"
          aria-labelledby="add-title"
          onSubmit={async () => {
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
            <TextField
              label="Account number"
              value={number}
              onChange={setNumber}
              maxLength={64}
              placeholder="e.g. 199-11-6399-00-001"
            />
            <TextField
              label="Description"
              className="field-grow"
              value={label}
              onChange={setLabel}
              maxLength={200}
              placeholder="e.g. Cafeteria sales"
            />
            <button type="submit" className="button button-primary" disabled={saving || addProblem !== null}>
              {saving ? 'Saving…' : 'Add account'}
            </button>
          </div>
          {actionError && !removing && <ErrorBanner message={actionError} />}
        </Form>
      )}

      <div className="filters">
        <TextField
          label="Find an account"
          className="field-grow"
          data-search
          type="search"
          value={query}
          onChange={setQuery}
          placeholder="Number or description"
        />
      </div>
      <QueryStatus query={list} loading="Loading the Chart of Accounts…" />
      {shared.size > 0 && (
        <div className="banner banner-warn" role="status">
          {[...shared].map(([sharedNumber, names]) => (
            <p key={sharedNumber}>
              Account number <span className="mono">{sharedNumber}</span> has {formatCount(names.length)} names:{' '}
              {names.join(', ')}. Remove the one that is wrong, so a posting to it names one account.
            </p>
          ))}
        </div>
      )}
      {list.isSuccess && accounts.length === 0 && (
        <EmptyState title="The Chart of Accounts is empty." hint="Accounts arrive with the sync, or add one above." />
      )}
      {accounts.length > 0 && (
        <StaticTable
          className="accounts-table"
          columns={[
            ...columnsFor(shared),
            account.numeric('actions', <span className="sr-only">Actions</span>, (a) =>
              a.removed || !mayEdit ? null : (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => {
                    clearActionError();
                    setRemoving(a);
                  }}
                  aria-label={`Remove account ${a.number} ${a.label}`}
                >
                  Remove…
                </button>
              ),
            ),
          ]}
          rows={shown}
          getRowId={(a) => a.id}
          rowClassName={(a) => (a.removed ? 'row-muted' : undefined)}
        />
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
