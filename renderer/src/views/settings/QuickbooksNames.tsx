/**
 * The IIF layout's account names: each Chart of Accounts number (and the clearing account) mapped
 * to its QuickBooks account name (`Parent:Child`). An IIF export refuses an account with no name,
 * so those are flagged here.
 */
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../components/Fields';
import { QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { formatCount } from '../../format';

type Names = Record<string, string>;

interface Row {
  number: string;
  label: string;
}

/** The contract's limit on a QuickBooks name. */
const NAME_MAX = 159;

/** What the IIF file cannot carry (docs/erp-layouts.md): a tab, a double quote, non-ASCII, a leading =, +, - or @. */
function nameProblem(name: string): string | null {
  if (/[^\x20-\x7E]/.test(name) || name.includes('"')) {
    return 'QuickBooks IIF carries only plain ASCII without tabs or double quotes: an IIF export refuses this name.';
  }
  if (/^\s*[=+\-@]/.test(name)) return 'A name may not start with =, +, - or @: an IIF export refuses it.';
  return null;
}

/** The accounts an IIF export may post to: the active Chart of Accounts, and the clearing account. */
function rowsOf(accounts: ReadonlyArray<{ number: string; label: string; removed: boolean }>, clearing: string): Row[] {
  const rows: Row[] = accounts.filter((a) => !a.removed).map(({ number, label }) => ({ number, label }));
  const clearingNumber = clearing.trim();
  if (clearingNumber && !rows.some((r) => r.number === clearingNumber)) {
    rows.unshift({ number: clearingNumber, label: 'Clearing account (above)' });
  }
  return rows;
}

export function QuickbooksNames({
  names,
  clearingAccount,
  onChange,
}: {
  names: Names;
  clearingAccount: string;
  onChange(names: Names): void;
}) {
  const query = useQuery(reads.glAccounts());
  const rows = query.data ? rowsOf(query.data, clearingAccount) : [];
  const unmapped = rows.filter((r) => !names[r.number]?.trim()).length;

  const rename = (number: string, name: string) => {
    const next = { ...names };
    // A cleared name is no mapping at all.
    if (name === '') delete next[number];
    else next[number] = name;
    onChange(next);
  };

  return (
    <fieldset className="fieldset">
      <legend>QuickBooks account names</legend>
      <p className="muted">
        The QuickBooks Desktop (.iif) layout names accounts as QuickBooks does; a sub-account is written Parent:Child.
      </p>
      <QueryStatus query={query} loading="Loading the Chart of Accounts…" />
      {query.data && rows.length === 0 && <p className="muted">The Chart of Accounts is empty.</p>}
      {rows.length > 0 && (
        <p className={unmapped ? 'field-warning' : 'muted'}>
          {unmapped
            ? `${formatCount(unmapped)} of ${formatCount(rows.length)} accounts have no QuickBooks name. An IIF export that posts to one of them is refused.`
            : 'Every account has a QuickBooks name.'}
        </p>
      )}
      <div className="form-grid qb-names">
        {rows.map(({ number, label }) => {
          const name = names[number] ?? '';
          const problem = name.trim() ? nameProblem(name) : 'Not mapped: an IIF export refuses this account.';
          return (
            <TextField
              key={number}
              label={`${number} · ${label}`}
              value={name}
              maxLength={NAME_MAX}
              placeholder="QuickBooks account name"
              hint={problem ? <span className="field-flag">{problem}</span> : null}
              onChange={(value) => rename(number, value)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
