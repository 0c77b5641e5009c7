/**
 * Where money goes that the service gives no Chart of Accounts account (a default per school and per
 * item name), and the ERP's code for each Chart of Accounts number (issue 30 items 2 and 4). Each
 * change is saved at once (accountMaps.*): a posting reads them as they stand.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountMaps as Maps, ErpCodeLayout } from '../../../../shared/contract';
import { bridge } from '../../bridge';
import { ChoiceField, TextField } from '../../components/Fields';
import { Outcome, QueryStatus } from '../../components/Status';
import { reads, usePayees } from '../../data/queries';
import { replaces, useAction } from '../../data/useAction';
import { EXPORT_LAYOUT_LABELS } from '../../labels';

/** ASCENDER's Account Code holds 20 characters (docs/erp-layouts.md); Escape's account 60. */
const CODE_MAX: Record<ErpCodeLayout, number | null> = { ascender: 20, escape: 60, 'je-csv': null };

function useAccountOptions() {
  const accounts = useQuery(reads.glAccounts()).data ?? [];
  return [
    { value: '', label: 'None: a posting is refused, naming it' },
    ...accounts.filter((a) => !a.removed).map((a) => ({ value: a.number, label: `${a.number} · ${a.label}` })),
  ];
}

export function DefaultAccounts() {
  const maps = useQuery(reads.accountMaps());
  const payees = usePayees();
  const options = useAccountOptions();
  const save = useAction(
    (change: { school: number; glNumber: string | null } | { item: string; glNumber: string | null }) =>
      bridge.call('accountMaps.setDefault', change),
    replaces<Maps>(reads.accountMaps().queryKey),
  );
  const [itemName, setItemName] = useState('');
  const [itemAccount, setItemAccount] = useState('');
  const schoolDefault = (payeeId: number) => maps.data?.schools.find((s) => s.payeeId === payeeId)?.glNumber ?? '';

  return (
    <fieldset className="fieldset">
      <legend>Default accounts</legend>
      <p className="muted">
        Where money goes that the payment service gives no Chart of Accounts account. Until one is chosen, a posting of
        it is refused and names it; nothing is posted to an account you did not choose.
      </p>
      <QueryStatus query={maps} loading="Loading the default accounts…" />
      <div className="form-grid">
        {payees.map((payee) => (
          <ChoiceField
            key={payee.id}
            label={payee.name}
            value={schoolDefault(payee.id)}
            options={options}
            search
            onChange={(glNumber) => void save.run({ school: payee.id, glNumber: glNumber || null })}
          />
        ))}
      </div>
      <h3 className="fieldset-subhead">By item name</h3>
      <ul className="compact-list" aria-label="Default accounts by item name">
        {maps.data?.items.map((item) => (
          <li key={item.itemName}>
            {item.itemName}: {item.glNumber}{' '}
            <button
              type="button"
              className="button button-link"
              onClick={() => void save.run({ item: item.itemName, glNumber: null })}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="form-grid">
        <TextField label="Item name" value={itemName} maxLength={200} onChange={setItemName} />
        <ChoiceField label="Account" value={itemAccount} options={options} search onChange={setItemAccount} />
      </div>
      <button
        type="button"
        className="button"
        disabled={!itemName.trim() || !itemAccount || save.busy}
        onClick={() =>
          void save.run({ item: itemName.trim(), glNumber: itemAccount }).then((ok) => {
            if (ok) setItemName('');
          })
        }
      >
        Add the item default
      </button>
      <Outcome action={save} />
    </fieldset>
  );
}

/** The layout's ERP code for each Chart of Accounts number, beside the QuickBooks names. */
export function ErpAccountCodes({ layout }: { layout: ErpCodeLayout }) {
  const maps = useQuery(reads.accountMaps());
  const accounts = useQuery(reads.glAccounts()).data ?? [];
  const [draft, setDraft] = useState<Record<string, string>>({});
  const save = useAction(
    (codes: Array<{ glNumber: string; code: string }>) => bridge.call('accountMaps.setCodes', { layout, codes }),
    replaces<Maps>(reads.accountMaps().queryKey),
  );
  const saved = new Map((maps.data?.codes[layout] ?? []).map((c) => [c.glNumber, c.code]));
  const max = CODE_MAX[layout];
  const changed = Object.entries(draft).filter(([number, code]) => code !== (saved.get(number) ?? ''));

  return (
    <fieldset className="fieldset">
      <legend>{EXPORT_LAYOUT_LABELS[layout]} account codes</legend>
      <p className="muted">
        The code the ERP knows each Chart of Accounts number by{max ? ` (at most ${max} characters)` : ''}. A number
        with no code is written as it is. The CLI&apos;s <code>export gl --account-map FILE.csv</code> (columns
        number,code) saves the same list.
      </p>
      <div className="form-grid">
        {accounts
          .filter((a) => !a.removed)
          .map((account) => {
            const value = draft[account.number] ?? saved.get(account.number) ?? '';
            const tooLong = max !== null && Array.from(value).length > max;
            return (
              <TextField
                key={account.number}
                label={`${account.number} · ${account.label}`}
                value={value}
                placeholder={account.number}
                hint={
                  tooLong ? <span className="field-flag">Longer than {max} characters: it cannot be saved.</span> : null
                }
                onChange={(code) => setDraft({ ...draft, [account.number]: code })}
              />
            );
          })}
      </div>
      <button
        type="button"
        className="button"
        disabled={changed.length === 0 || save.busy}
        onClick={() =>
          void save.run(changed.map(([glNumber, code]) => ({ glNumber, code: code.trim() }))).then((ok) => {
            if (ok) setDraft({});
          })
        }
      >
        Save the account codes
      </button>
      <Outcome action={save} ok="Account codes saved." />
    </fieldset>
  );
}
