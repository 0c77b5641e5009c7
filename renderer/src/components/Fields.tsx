/** Labelled form fields: the label's words are the field's accessible name. */
import type { InputHTMLAttributes, ReactNode } from 'react';

export function Field({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      {children}
    </label>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** A text (or date, time, password, search) input that reports its new value. */
export function TextField({
  label,
  value,
  onChange,
  className,
  ...input
}: InputProps & { label: string; value: string; onChange(value: string): void }) {
  return (
    <Field label={label} className={className}>
      <input value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </Field>
  );
}

export function NumberField({
  value,
  onChange,
  ...props
}: InputProps & { label: string; value: number; onChange(value: number): void }) {
  return <TextField type="number" value={String(value)} onChange={(text) => onChange(Number(text))} {...props} />;
}

export interface Option {
  value: string;
  label: string;
}

/** Options from a list of codes and the words for each. */
export function optionsOf<T extends string | number>(values: readonly T[], labelOf: (value: T) => string): Option[] {
  return values.map((value) => ({ value: String(value), label: labelOf(value) }));
}

/** One choice from a list; with `any`, an empty first entry ('') that means "no filter". */
export function ChoiceField({
  label,
  value,
  options,
  onChange,
  any,
  search = false,
}: {
  label: string;
  value: string | number | undefined;
  options: Option[];
  onChange(value: string): void;
  any?: string;
  /** The field `/` focuses. */
  search?: boolean;
}) {
  return (
    <Field label={label}>
      <select data-search={search || undefined} value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        {any !== undefined && <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its words after it. */
export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** From and To, Central business dates; '' when not chosen. */
export function DateRange({
  from,
  to,
  onChange,
  required = false,
  search = false,
}: {
  from: string;
  to: string;
  onChange(patch: { from: string } | { to: string }): void;
  required?: boolean;
  /** `/` focuses From. */
  search?: boolean;
}) {
  return (
    <>
      <TextField
        label="From (Central)"
        data-search={search || undefined}
        type="date"
        required={required}
        value={from}
        onChange={(value) => onChange({ from: value })}
      />
      <TextField
        label="To (Central)"
        type="date"
        required={required}
        value={to}
        onChange={(value) => onChange({ to: value })}
      />
    </>
  );
}
