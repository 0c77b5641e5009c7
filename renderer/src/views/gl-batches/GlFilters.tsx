import { PAYMENT_METHODS, type Payee } from '../../../../shared/domain';
import { DateRange, Form } from '../../components/Fields';
import { PayeePicker } from '../../components/PayeePicker';
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
      <PayeePicker payees={payees} chosen={filter.payeeIds} onChange={(payeeIds) => onChange({ payeeIds })} />
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
