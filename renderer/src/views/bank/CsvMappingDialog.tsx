/**
 * The CSV column mapping form: a statement came as CSV and no saved mapping reads it. The bookkeeper
 * says which column holds what, sees the first lines read the way the import will read them (the
 * engine's own parser, bank.mappings.preview), names the mapping and saves it; the file is then
 * imported with it and later files of that bank are offered it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BankCsvMapping, BankCsvPreview } from '../../../../shared/domain';
import {
  CSV_DATE_FORMATS,
  CSV_DECIMAL_SEPARATORS,
  CSV_DELIMITERS,
  CSV_SIGN_CONVENTIONS,
} from '../../../../shared/domain';
import { Dialog } from '../../components/Dialog';
import { ChoiceField, NumberField, TextField, optionsOf } from '../../components/Fields';
import { StaticTable } from '../../components/StaticTable';
import { columnsOf } from '../../components/columns';
import { bankReads, PREVIEW_LINES, useBankActions, type StatementFile } from '../../data/bank';
import { formatCount } from '../../format';
import {
  DECIMAL_SEPARATOR_LABELS,
  DELIMITER_LABELS,
  draftOf,
  emptyDraft,
  guessColumns,
  mappingOf,
  SIGN_CONVENTION_LABELS,
  type CsvDecimalSeparator,
  type CsvDelimiter,
  type CsvSignConvention,
  type MappingDraft,
} from './csvMappingDraft';

/** Typing a name or a count re-reads the file once the typing pauses, not per keystroke. */
const SETTLE_MS = 250;

function useSettled<T>(value: T): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(key), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return JSON.parse(settled) as T;
}

type PreviewLine = BankCsvPreview['lines'][number];
const l = columnsOf<PreviewLine>();
const PREVIEW_COLUMNS = [
  l.count('line', 'File line', (x) => x.lineNumber, '80px'),
  l.date('date', 'Posted', (x) => x.postedDate, '110px'),
  l.money('amount', 'Amount', (x) => x.amountCents, '110px'),
  l.text('text', 'Description', (x) => x.text || null),
  l.code('reference', 'Reference', (x) => x.bankReference || null),
  l.code('type', 'Type', (x) => x.typeCode),
  l.code('account', 'Account', (x) => x.account),
];

function ColumnField({
  label,
  value,
  columns,
  none,
  onChange,
}: {
  label: string;
  value: string;
  columns: string[];
  /** An optional column: what choosing none means. */
  none?: string;
  onChange(value: string): void;
}) {
  // A column chosen before the delimiter or the skipped lines changed stays chosen (the preview says it is gone).
  const names = value && !columns.includes(value) ? [...columns, value] : columns;
  return (
    <ChoiceField
      label={label}
      value={value}
      any={none ?? 'Choose a column'}
      options={names.map((name) => ({
        value: name,
        label: columns.includes(name) ? name : `${name} (not in this file)`,
      }))}
      onChange={onChange}
    />
  );
}

export function CsvMappingDialog({
  file,
  columns: firstColumns,
  saved,
  onCancel,
  onSaved,
}: {
  file: StatementFile;
  /** The header's columns as the default layout (comma, no lines skipped) reads them. */
  columns: string[];
  saved: BankCsvMapping[];
  onCancel(): void;
  onSaved(name: string): void;
}) {
  const client = useQueryClient();
  const { saveMapping } = useBankActions();
  const [draft, setDraft] = useState<MappingDraft>(() => guessColumns(emptyDraft(), firstColumns));
  const [startedFrom, setStartedFrom] = useState('');
  const mapping = mappingOf(draft);
  const preview = useQuery(bankReads.preview(file, useSettled(mapping)));
  const columns = preview.data?.columns ?? firstColumns;
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Saving was refused for the preview's error: focus it once it shows (the preview may be a moment behind).
  const [showError, setShowError] = useState(false);
  const set = (patch: Partial<MappingDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // Another delimiter or header line brings other columns: guess the roles still unchosen.
  const columnsKey = columns.join('\u0000');
  useEffect(() => {
    setDraft((d) => guessColumns(d, columnsKey ? columnsKey.split('\u0000') : []));
  }, [columnsKey]);

  async function submit() {
    saveMapping.clear();
    // What was typed last may not be previewed yet: check the mapping as it stands now.
    const current = await client.fetchQuery(bankReads.preview(file, mapping));
    if (current.error) {
      setShowError(true);
      return;
    }
    if (await saveMapping.run(mapping)) onSaved(draft.name.trim());
  }

  const error = preview.data?.error ?? null;
  useEffect(() => {
    if (!showError || !error) return;
    errorRef.current?.focus();
    setShowError(false);
  }, [showError, error]);
  const column = (label: string, role: keyof MappingDraft, none?: string) => (
    <ColumnField
      label={label}
      value={draft[role] as string}
      columns={columns}
      none={none}
      onChange={(value) => set({ [role]: value })}
    />
  );

  return (
    <Dialog title={`Read ${file.fileName}`} open onClose={onCancel} className="dialog-wide bank-mapping-dialog">
      <form
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          if (!saveMapping.busy) void submit();
        }}
      >
        <p className="hint">
          This statement is a CSV export, and no saved mapping reads it yet. Say which column holds what; the preview
          reads the file the way the import will. The mapping is saved by name and offered for this bank&apos;s next
          statements.
        </p>
        <div className="form-grid">
          <TextField
            label="Mapping name"
            value={draft.name}
            onChange={(name) => set({ name })}
            maxLength={200}
            hint='The bank and its export, e.g. "First National CSV".'
            data-autofocus
          />
          {saved.length > 0 && (
            <ChoiceField
              label="Start from a saved mapping"
              value={startedFrom}
              any="No, a new one"
              options={saved.map((m) => ({ value: m.name, label: m.name }))}
              onChange={(name) => {
                setStartedFrom(name);
                const from = saved.find((m) => m.name === name);
                setDraft(from ? draftOf(from) : guessColumns(emptyDraft(), columns));
              }}
            />
          )}
          <ChoiceField
            label="Delimiter"
            value={draft.delimiter}
            options={optionsOf(CSV_DELIMITERS, (d) => DELIMITER_LABELS[d])}
            onChange={(value) => set({ delimiter: value as CsvDelimiter })}
          />
          <NumberField
            label="Lines before the header"
            value={draft.skipLines}
            min={0}
            max={50}
            onChange={(skipLines) => set({ skipLines: Number.isFinite(skipLines) ? skipLines : 0 })}
          />
        </div>
        <fieldset className="fieldset">
          <legend>Columns</legend>
          <div className="form-grid">
            {column('Date column', 'date')}
            <ChoiceField
              label="Date written as"
              value={draft.dateFormat}
              options={optionsOf(CSV_DATE_FORMATS, (f) => f)}
              onChange={(value) => set({ dateFormat: value as MappingDraft['dateFormat'] })}
            />
            <ChoiceField
              label="Amounts"
              value={draft.amountKind}
              options={[
                { value: 'signed', label: 'One signed column' },
                { value: 'split', label: 'Debit and credit columns' },
              ]}
              onChange={(value) => set({ amountKind: value as MappingDraft['amountKind'] })}
            />
            {draft.amountKind === 'signed' ? (
              <>
                {column('Amount column', 'amount')}
                <ChoiceField
                  label="Amount sign"
                  value={draft.signConvention}
                  options={optionsOf(CSV_SIGN_CONVENTIONS, (c) => SIGN_CONVENTION_LABELS[c])}
                  onChange={(value) => set({ signConvention: value as CsvSignConvention })}
                />
              </>
            ) : (
              <>
                {column('Debit column (money out)', 'debit')}
                {column('Credit column (money in)', 'credit')}
              </>
            )}
            <ChoiceField
              label="Decimal separator"
              value={draft.decimalSeparator}
              options={optionsOf(CSV_DECIMAL_SEPARATORS, (d) => DECIMAL_SEPARATOR_LABELS[d])}
              onChange={(value) => set({ decimalSeparator: value as CsvDecimalSeparator })}
            />
            {column('Description column', 'description')}
            {column('Reference column', 'reference', 'None in this file')}
            {column('Type code column', 'type', 'None: credit or debit by the sign')}
            {column(
              'Account number column',
              'account',
              draft.fixedAccount ? `None: account ${draft.fixedAccount}` : 'None: the mapping name stands for it',
            )}
          </div>
        </fieldset>
        <section className="bank-mapping-preview" aria-labelledby="bank-mapping-preview-title">
          <h3 id="bank-mapping-preview-title">Preview</h3>
          {preview.isPending && <p className="muted">Reading the file…</p>}
          {error && (
            <p role="alert" className="field-error" ref={errorRef} tabIndex={-1}>
              {error}
            </p>
          )}
          {preview.data && !error && (
            <>
              <StaticTable
                columns={PREVIEW_COLUMNS}
                rows={preview.data.lines}
                getRowId={(x) => String(x.lineNumber)}
                caption="The first lines, read with this mapping"
                captionHidden
              />
              <p className="muted" role="status">
                The first {formatCount(Math.min(PREVIEW_LINES, preview.data.lineCount))} of{' '}
                {formatCount(preview.data.lineCount)} lines, as they will be imported.
              </p>
            </>
          )}
        </section>
        {saveMapping.error && (
          <p role="alert" className="field-error">
            {saveMapping.error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={saveMapping.busy}>
            {saveMapping.busy ? 'Saving…' : 'Save mapping and import'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
