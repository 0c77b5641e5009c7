import type { BatchFilter } from '../../../../shared/contract';
import { PAYMENT_METHODS, VERDICTS, type PaymentMethod, type Payee, type Verdict } from '../../../../shared/domain';
import { verdictText } from '../../components/Badges';
import { methodLabel } from '../../format';

interface BatchFiltersProps {
  filter: BatchFilter;
  payees: Payee[];
  onChange(patch: Partial<BatchFilter>): void;
}

/** Payee, payment method, Central date range and verdict. `/` focuses the first field. */
export function BatchFilters({ filter, payees, onChange }: BatchFiltersProps) {
  return (
    <form className="filters" role="search" aria-label="Filter batches" onSubmit={(event) => event.preventDefault()}>
      <label className="field">
        <span>Payee</span>
        <select
          data-search
          value={filter.payeeIds?.[0] ?? ''}
          onChange={(event) => onChange({ payeeIds: event.target.value ? [Number(event.target.value)] : [] })}
        >
          <option value="">All payees</option>
          {payees.map((payee) => (
            <option key={payee.id} value={payee.id}>
              {payee.name}
              {payee.removed ? ' (removed)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Method</span>
        <select
          value={filter.methods?.[0] ?? ''}
          onChange={(event) => onChange({ methods: event.target.value ? [event.target.value as PaymentMethod] : [] })}
        >
          <option value="">All methods</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {methodLabel(method)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>From (Central)</span>
        <input
          type="date"
          value={filter.from ?? ''}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </label>
      <label className="field">
        <span>To (Central)</span>
        <input
          type="date"
          value={filter.to ?? ''}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </label>
      <label className="field">
        <span>Tie-out</span>
        <select
          value={filter.verdicts?.[0] ?? ''}
          onChange={(event) => onChange({ verdicts: event.target.value ? [event.target.value as Verdict] : [] })}
        >
          <option value="">Any verdict</option>
          {VERDICTS.map((verdict) => (
            <option key={verdict} value={verdict}>
              {verdictText(verdict)}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
