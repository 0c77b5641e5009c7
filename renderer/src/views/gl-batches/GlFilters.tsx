import { PAYMENT_METHODS, type Payee } from '../../../../shared/domain';
import { DateRange, Form } from '../../components/Fields';
import { methodLabel } from '../../format';
import type { GlFilter } from '../../data/glFilter';

interface GlFiltersProps {
  filter: GlFilter;
  payees: Payee[];
  onChange(patch: Partial<GlFilter>): void;
}

/** Central date range, payees (several) and payment methods (several). */
export function GlFilters({ filter, payees, onChange }: GlFiltersProps) {
  return (
    <Form className="filters" role="search" aria-label="Choose GL batches">
      <DateRange from={filter.from} to={filter.to} onChange={onChange} required search />
      <label className="field">
        <span>Payees</span>
        <select
          multiple
          size={Math.min(4, Math.max(2, payees.length))}
          value={filter.payeeIds.map(String)}
          onChange={(event) =>
            onChange({ payeeIds: [...event.target.selectedOptions].map((option) => Number(option.value)) })
          }
        >
          {payees.map((payee) => (
            <option key={payee.id} value={payee.id}>
              {payee.name}
            </option>
          ))}
        </select>
        <small className="muted">{filter.payeeIds.length ? `${filter.payeeIds.length} chosen` : 'All payees'}</small>
      </label>
      <fieldset className="field checkbox-group">
        <legend>Methods</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="checkbox">
            <input
              type="checkbox"
              checked={filter.methods.includes(method)}
              onChange={(event) =>
                onChange({
                  methods: event.target.checked
                    ? [...filter.methods, method]
                    : filter.methods.filter((m) => m !== method),
                })
              }
            />
            {methodLabel(method)}
          </label>
        ))}
        <small className="muted">{filter.methods.length ? '' : 'None ticked = all'}</small>
      </fieldset>
    </Form>
  );
}
