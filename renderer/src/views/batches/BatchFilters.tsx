import type { BatchFilter } from '../../../../shared/contract';
import { PAYMENT_METHODS, VERDICTS, type PaymentMethod, type Payee, type Verdict } from '../../../../shared/domain';
import { verdictText } from '../../components/Badges';
import { ChoiceField, DateRange, optionsOf } from '../../components/Fields';
import { methodLabel } from '../../format';

interface BatchFiltersProps {
  filter: BatchFilter;
  payees: Payee[];
  onChange(patch: Partial<BatchFilter>): void;
}

/** '' (the "all" entry) is no filter; anything else is a list of one. */
const oneOf = <T,>(value: string, as: (value: string) => T): T[] => (value ? [as(value)] : []);

/** Payee, payment method, Central date range and verdict. `/` focuses the first field. */
export function BatchFilters({ filter, payees, onChange }: BatchFiltersProps) {
  return (
    <form className="filters" role="search" aria-label="Filter batches" onSubmit={(event) => event.preventDefault()}>
      <ChoiceField
        label="Payee"
        search
        value={filter.payeeIds?.[0]}
        any="All payees"
        options={payees.map((payee) => ({
          value: String(payee.id),
          label: payee.removed ? `${payee.name} (removed)` : payee.name,
        }))}
        onChange={(value) => onChange({ payeeIds: oneOf(value, Number) })}
      />
      <ChoiceField
        label="Method"
        value={filter.methods?.[0]}
        any="All methods"
        options={optionsOf(PAYMENT_METHODS, methodLabel)}
        onChange={(value) => onChange({ methods: oneOf(value, (v) => v as PaymentMethod) })}
      />
      {/* An emptied date is dropped from the filter by the store. */}
      <DateRange from={filter.from ?? ''} to={filter.to ?? ''} onChange={onChange} />
      <ChoiceField
        label="Tie-out"
        value={filter.verdicts?.[0]}
        any="Any verdict"
        options={optionsOf(VERDICTS, verdictText)}
        onChange={(value) => onChange({ verdicts: oneOf(value, (v) => v as Verdict) })}
      />
    </form>
  );
}
