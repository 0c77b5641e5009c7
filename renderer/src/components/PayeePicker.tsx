/**
 * Several schools chosen from a list that may be long (issue 30 item 8): a search box over ticked
 * boxes, instead of a multiple select that needs Ctrl+click. The search ignores case and accents
 * ("chavez" finds "César Chávez"); what is ticked stays ticked when the search hides it.
 */
import { useId, useState } from 'react';
import type { Payee } from '../../../shared/domain';
import { formatCount } from '../format';

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function PayeePicker({
  payees,
  chosen,
  onChange,
  legend = 'Payees',
}: {
  payees: readonly Payee[];
  chosen: readonly number[];
  onChange(chosen: number[]): void;
  legend?: string;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = payees.filter((payee) => folded(payee.name).includes(folded(search.trim())));
  return (
    <fieldset className="field payee-picker">
      <legend>{legend}</legend>
      <input
        id={searchId}
        type="search"
        className="payee-picker-search"
        placeholder="Find a school"
        aria-label={`Find in ${legend.toLowerCase()}`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="payee-picker-list">
        {shown.map((payee) => (
          <label key={payee.id} className="checkbox">
            <input
              type="checkbox"
              checked={chosen.includes(payee.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, payee.id] : chosen.filter((id) => id !== payee.id))
              }
            />
            {payee.name}
          </label>
        ))}
        {shown.length === 0 && <span className="muted">No school matches “{search.trim()}”.</span>}
      </div>
      <small className="muted payee-picker-status">
        {chosen.length ? `${formatCount(chosen.length)} chosen` : 'None ticked = all'}
        {chosen.length > 0 && (
          <button type="button" className="button button-small" onClick={() => onChange([])}>
            Clear
          </button>
        )}
      </small>
    </fieldset>
  );
}
