/** Labelled form fields: the label's words are the field's accessible name. */
import { useId, type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';

/** A form that stays on the page: Enter or its submit button calls onSubmit (if any), never a page load. */
export function Form({
  onSubmit,
  ...form
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { onSubmit?(): unknown }) {
  return (
    <form
      {...form}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit?.();
      }}
    />
  );
}

/**
 * A hint sits under the label, outside it (so it is not part of the field's name); the field's
 * control names it with aria-describedby={hintId}. A hint that comes and goes is passed as null
 * when absent (not undefined), so the control is not remounted and keeps its focus.
 */
export function Field({
  label,
  className,
  hint,
  hintId,
  children,
}: {
  label: string;
  className?: string;
  hint?: ReactNode;
  hintId?: string;
  children: ReactNode;
}) {
  const field = (
    <label className={className ? `field ${className}` : 'field'}>
      <span>{label}</span>
      {children}
    </label>
  );
  if (hint === undefined) return field;
  return (
    <div className="field-with-hint">
      {field}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The id a field's hint gets, for its control's aria-describedby (none without a hint). */
function useHintId(hint: ReactNode): string | undefined {
  const id = useId();
  return hint ? id : undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** A text (or date, time, password, search) input that reports its new value. */
export function TextField({
  label,
  value,
  onChange,
  className,
  hint,
  ...input
}: InputProps & { label: string; value: string; onChange(value: string): void; hint?: ReactNode }) {
  const hintId = useHintId(hint);
  return (
    <Field label={label} className={className} hint={hint} hintId={hintId}>
      <input value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={hintId} {...input} />
    </Field>
  );
}

/** A web address: the URL keyboard and the browser's address autofill, no spelling marks under a host name. */
export function UrlField(
  props: Omit<InputProps, 'type' | 'autoComplete' | 'spellCheck'> & {
    label: string;
    value: string;
    onChange(value: string): void;
    hint?: ReactNode;
  },
) {
  return <TextField type="url" autoComplete="url" spellCheck={false} {...props} />;
}

export function NumberField({
  value,
  onChange,
  ...props
}: InputProps & { label: string; value: number; onChange(value: number): void; hint?: ReactNode }) {
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
  hint,
}: {
  label: string;
  value: string | number | undefined;
  options: Option[];
  onChange(value: string): void;
  any?: string;
  /** The field `/` focuses. */
  search?: boolean;
  hint?: ReactNode;
}) {
  const hintId = useHintId(hint);
  return (
    <Field label={label} hint={hint} hintId={hintId}>
      <select
        data-search={search || undefined}
        value={value ?? ''}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      >
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

/** The code among `values` that an option's text stands for; none for '' (the `any` entry). */
const codeOf = <T extends string | number>(values: readonly T[], text: string) =>
  values.find((value) => String(value) === text);

interface CodeOptions<T> {
  label: string;
  values: readonly T[];
  labelOf(value: NoInfer<T>): string;
  /** The field `/` focuses. */
  search?: boolean;
}

/** One of a fixed list of codes (a layout, a kind), typed: only codes from `values` reach onChange. */
export function CodeChoice<T extends string | number>({
  values,
  labelOf,
  value,
  onChange,
  ...field
}: CodeOptions<T> & { value: NoInfer<T>; onChange(value: NoInfer<T>): void; hint?: ReactNode }) {
  return (
    <ChoiceField
      {...field}
      value={value}
      options={optionsOf(values, labelOf)}
      onChange={(text) => {
        const code = codeOf(values, text);
        if (code !== undefined) onChange(code);
      }}
    />
  );
}

/** A list filter's choice of one code: the filter holds a list, the chosen code or none for `any`. */
export function FilterChoice<T extends string | number>({
  values,
  labelOf,
  chosen,
  onChange,
  ...field
}: CodeOptions<T> & { any: string; chosen: readonly NoInfer<T>[] | undefined; onChange(chosen: NoInfer<T>[]): void }) {
  return (
    <ChoiceField
      {...field}
      value={chosen?.[0]}
      options={optionsOf(values, labelOf)}
      onChange={(text) => {
        const code = codeOf(values, text);
        onChange(code === undefined ? [] : [code]);
      }}
    />
  );
}

/** A few lines of free text, a note or a reason, up to the 2,000 characters the engine keeps. */
export function NoteField({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
}) {
  return (
    <label className="field field-block">
      <span>{label}</span>
      <textarea
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          // Enter starts a new line in a note; Ctrl+Enter (Cmd+Enter) confirms, as Enter does elsewhere in a dialog.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
        rows={3}
        maxLength={2000}
        required={required}
      />
    </label>
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
