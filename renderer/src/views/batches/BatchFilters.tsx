import type { BatchFilter } from '../../../../shared/contract';
import { PAYMENT_METHODS, VERDICTS, type Payee } from '../../../../shared/domain';
import { verdictText } from '../../components/Badges';
import { CheckField, DateRange, FilterChoice, Form } from '../../components/Fields';
import { methodLabel } from '../../format';

interface BatchFiltersProps {
  filter: BatchFilter;
  payees: Payee[];
  onChange(patch: Partial<BatchFilter>): void;
}

/** Payee, payment method, Central date range and verdict. `/` focuses the first field. */
export function BatchFilters({ filter, payees, onChange }: BatchFiltersProps) {
  const payeeNames = new Map(payees.map((p) => [p.id, p.removed ? `${p.name} (removed)` : p.name]));
  return (
    <Form className="filters" role="search" aria-label="Filter batches">
      <FilterChoice
        label="Payee"
        search
        any="All payees"
        values={payees.map((p) => p.id)}
        labelOf={(id) => payeeNames.get(id) ?? String(id)}
        chosen={filter.payeeIds}
        onChange={(payeeIds) => onChange({ payeeIds })}
      />
      <FilterChoice
        label="Method"
        any="All methods"
        values={PAYMENT_METHODS}
        labelOf={methodLabel}
        chosen={filter.methods}
        onChange={(methods) => onChange({ methods })}
      />
      {/* An emptied date is dropped from the filter by the store. */}
      <DateRange from={filter.from ?? ''} to={filter.to ?? ''} onChange={onChange} />
      <FilterChoice
        label="Tie-out"
        any="Any verdict"
        values={VERDICTS}
        labelOf={verdictText}
        chosen={filter.verdicts}
        onChange={(verdicts) => onChange({ verdicts })}
      />
      <CheckField
        label="Not signed off"
        checked={filter.notSignedOff ?? false}
        onChange={(notSignedOff) => onChange({ notSignedOff: notSignedOff || undefined })}
      />
    </Form>
  );
}
