/** The CSV column mapping form (issue 15): a CSV with no saved mapping is mapped, previewed, named, saved, imported. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MethodArgs } from '../../../shared/contract';
import type { BankCsvMapping, BankCsvPreview } from '../../../shared/domain';
import { BankView } from '../../../renderer/src/views/bank/BankView';
import { draftOf, emptyDraft, guessColumns, mappingOf } from '../../../renderer/src/views/bank/csvMappingDraft';
import { fails, useFakeEngine, type FakeHandlers } from '../helpers/fakeClient';
import { bankImportSummary } from '../helpers/bankFixtures';
import { render } from '../helpers/render';

const COLUMNS = ['Posted Date', 'Check Number', 'Debit', 'Credit', 'Memo'];
const CSV = 'Posted Date,Check Number,Debit,Credit,Memo\r\n03/03/2026,,,"1,234.50",DEPOSIT\r\n';

const SUMMARY = bankImportSummary({
  format: 'csv',
  range: { from: '2026-03-03', to: '2026-03-03' },
  accounts: ['First National CSV'],
  linesInFile: 1,
  newLines: 1,
  suggested: 0,
  unmatched: 0,
});

/** Reads like the engine for this one file: the chosen columns must be in the header. */
function preview({ mapping = {} }: MethodArgs<'bank.mappings.preview'>): BankCsvPreview {
  const base = { format: 'csv' as const, columns: COLUMNS, lines: [], lineCount: 0 };
  const amount = mapping.amount as string | { debit: string; credit: string } | undefined;
  const wanted = [
    mapping.date,
    ...(typeof amount === 'object' ? [amount.debit, amount.credit] : [amount]),
    mapping.description,
  ];
  const missing = wanted.find((column) => typeof column === 'string' && column !== '' && !COLUMNS.includes(column));
  if (missing) return { ...base, error: `CSV line 1: column "${String(missing)}" is not in the header` };
  if (wanted.some((column) => !column)) return { ...base, error: 'CSV: the column mapping is not usable: some column' };
  return {
    ...base,
    lineCount: 1,
    error: null,
    lines: [
      {
        lineNumber: 2,
        account: String(mapping.name || 'New mapping'),
        postedDate: '2026-03-03',
        amountCents: 123_450,
        typeCode: 'CREDIT',
        bankReference: '',
        text: 'DEPOSIT',
      },
    ],
  };
}

const SAVED: BankCsvMapping = {
  name: 'County Bank',
  date: 'Posted Date',
  dateFormat: 'YYYY-MM-DD',
  amount: 'Amount',
  description: 'Memo',
  account: { fixed: '0099' },
  delimiter: ';',
  skipLines: 2,
};

function engineWith(extra: FakeHandlers = {}, saved: BankCsvMapping[] = []) {
  let mappings = saved;
  return useFakeEngine({
    'bank.lines': () => ({ rows: [], nextCursor: null }),
    'bank.inTransit': () => ({ asOf: '2026-03-20', windowDays: 5, truncated: false, batches: [] }),
    'payees.list': () => [],
    'bank.mappings.list': () => mappings,
    'bank.mappings.preview': preview,
    'bank.mappings.save': ({ mapping }) => {
      mappings = [...mappings, mapping as unknown as BankCsvMapping];
      return mappings;
    },
    'bank.mappings.remove': ({ name }) => (mappings = mappings.filter((m) => m.name !== name)),
    'bank.import': () => SUMMARY,
    ...extra,
  });
}

async function chooseCsv() {
  render(<BankView itemId={null} />);
  const file = new File([CSV], 'march.csv', { type: 'text/csv' });
  await userEvent.upload(await screen.findByLabelText('Statement file'), file);
  return screen.findByRole('dialog', { name: 'Read march.csv' });
}

describe('the CSV column mapping form', () => {
  it('opens for a CSV with no mapping, previews the guessed columns, and saves by name then imports', async () => {
    const engine = engineWith();
    const dialog = await chooseCsv();
    // Nothing is imported before the columns are known.
    expect(engine.callsOf('bank.import')).toEqual([]);
    expect(within(dialog).getByLabelText('Date column')).toHaveValue('Posted Date');
    expect(within(dialog).getByLabelText('Amounts')).toHaveValue('split');
    expect(within(dialog).getByLabelText('Debit column (money out)')).toHaveValue('Debit');
    expect(within(dialog).getByLabelText('Credit column (money in)')).toHaveValue('Credit');
    expect(within(dialog).getByLabelText('Description column')).toHaveValue('Memo');
    expect(within(dialog).getByLabelText('Reference column')).toHaveValue('Check Number');
    const table = await within(dialog).findByRole('table', { name: 'The first lines, read with this mapping' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /^2Mar 3, 2026\$1,234\.50DEPOSIT—CREDITNew mapping$/,
    );
    expect(within(dialog).getByText('The first 1 of 1 lines, as they will be imported.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Mapping name'), 'First National CSV');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    await waitFor(() => expect(engine.callsOf('bank.import')).toHaveLength(1));
    expect(engine.callsOf('bank.mappings.save')).toEqual([
      {
        mapping: {
          name: 'First National CSV',
          delimiter: ',',
          skipLines: 0,
          date: 'Posted Date',
          dateFormat: 'MM/DD/YYYY',
          amount: { debit: 'Debit', credit: 'Credit' },
          description: 'Memo',
          reference: 'Check Number',
        },
      },
    ]);
    expect(engine.callsOf('bank.import')[0]).toMatchObject({
      fileName: 'march.csv',
      mappingName: 'First National CSV',
    });
    expect(atob(engine.callsOf('bank.import')[0]!.content)).toBe(CSV);
    expect(await screen.findByText(/Imported march\.csv\. 1 lines added/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Later imports are offered the saved mapping, and this one is chosen.
    await waitFor(() => expect(screen.getByLabelText('CSV column mapping')).toHaveValue('First National CSV'));
  });

  it('re-reads the file as columns change and shows the engine’s one-line error naming the column', async () => {
    const engine = engineWith();
    const dialog = await chooseCsv();
    await within(dialog).findByRole('table', { name: 'The first lines, read with this mapping' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Amounts'), 'signed');
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('CSV: the column mapping is not usable: some column');
    await userEvent.selectOptions(within(dialog).getByLabelText('Amount column'), 'Credit');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(engine.callsOf('bank.mappings.preview').at(-1)?.mapping).toMatchObject({ amount: 'Credit' });
    expect(engine.callsOf('bank.mappings.preview').at(-1)).toMatchObject({ fileName: 'march.csv', encoding: 'base64' });

    // Saving a mapping that does not read the file is refused before it reaches the store.
    await userEvent.selectOptions(within(dialog).getByLabelText('Date written as'), 'YYYY-MM-DD');
    engine.answer({
      'bank.mappings.preview': (args) => ({
        ...preview(args),
        lines: [],
        error: 'CSV line 2: date "Posted Date" "03/03/2026" is not a date written YYYY-MM-DD',
      }),
    });
    await userEvent.type(within(dialog).getByLabelText('Mapping name'), 'First National CSV');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused).toHaveTextContent(
      /^CSV line 2: date "Posted Date" "03\/03\/2026" is not a date written YYYY-MM-DD$/,
    );
    await waitFor(() => expect(refused).toHaveFocus());
    expect(engine.callsOf('bank.mappings.save')).toEqual([]);
    expect(engine.callsOf('bank.import')).toEqual([]);
  });

  it('shows the engine’s refusal of the mapping itself (no name) and imports nothing', async () => {
    const engine = engineWith({
      'bank.mappings.save': fails(
        'BAD_ARGUMENTS',
        'CSV: the column mapping is not usable: name must name the bank, e.g. "First State Bank"',
      ),
    });
    const dialog = await chooseCsv();
    await within(dialog).findByRole('table', { name: 'The first lines, read with this mapping' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mapping and import' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'CSV: the column mapping is not usable: name must name the bank, e.g. "First State Bank"',
    );
    expect(engine.callsOf('bank.import')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(engine.callsOf('bank.import')).toEqual([]);
  });

  it('imports a CSV with the saved mapping chosen, without the form', async () => {
    const engine = engineWith({}, [SAVED]);
    render(<BankView itemId={null} />);
    await screen.findByRole('option', { name: 'County Bank' });
    await userEvent.selectOptions(screen.getByLabelText('CSV column mapping'), 'County Bank');
    await userEvent.upload(screen.getByLabelText('Statement file'), new File([CSV], 'march.csv'));
    await screen.findByText(/Imported march\.csv/);
    expect(engine.callsOf('bank.mappings.preview')).toEqual([]);
    expect(engine.callsOf('bank.import')[0]).toMatchObject({ mappingName: 'County Bank' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts a new mapping from a saved one, keeping its fixed account', async () => {
    const engine = engineWith({}, [SAVED]);
    const dialog = await chooseCsv();
    await userEvent.selectOptions(within(dialog).getByLabelText('Start from a saved mapping'), 'County Bank');
    expect(within(dialog).getByLabelText('Mapping name')).toHaveValue('County Bank');
    expect(within(dialog).getByLabelText('Delimiter')).toHaveValue(';');
    expect(within(dialog).getByLabelText('Lines before the header')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Date written as')).toHaveValue('YYYY-MM-DD');
    expect(within(dialog).getByLabelText('Amount column')).toHaveValue('Amount');
    expect(within(dialog).getByRole('option', { name: 'Amount (not in this file)' })).toBeInTheDocument();
    const account = within(dialog).getByLabelText<HTMLSelectElement>('Account number column');
    expect(account.selectedOptions[0]).toHaveTextContent('None: account 0099');
    await waitFor(() =>
      expect(engine.callsOf('bank.mappings.preview').at(-1)?.mapping).toMatchObject({
        name: 'County Bank',
        delimiter: ';',
        skipLines: 2,
        account: { fixed: '0099' },
      }),
    );
  });

  it('lists the saved mappings and deletes one after asking', async () => {
    const engine = engineWith({}, [SAVED]);
    render(<BankView itemId={null} />);
    const list = await screen.findByRole('table', { name: 'Saved CSV column mappings' });
    expect(within(list).getAllByRole('row')[1]).toHaveTextContent(
      'County Bank' + 'date "Posted Date" (YYYY-MM-DD), amount "Amount", description "Memo"',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Delete the County Bank mapping' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete the "County Bank" mapping?' });
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete mapping' }));
    await waitFor(() => expect(engine.callsOf('bank.mappings.remove')).toEqual([{ name: 'County Bank' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('the mapping draft', () => {
  it('guesses roles from common header words, never over a choice, one column per role', () => {
    const guessed = guessColumns(emptyDraft(), ['Date', 'Amount', 'Description', 'Bank Reference', 'Type', 'Account']);
    expect(guessed).toMatchObject({
      date: 'Date',
      amountKind: 'signed',
      amount: 'Amount',
      description: 'Description',
      reference: 'Bank Reference',
      type: 'Type',
      account: 'Account',
    });
    const kept = guessColumns({ ...emptyDraft(), description: 'Type' }, ['Date', 'Amount', 'Type', 'Payee']);
    expect(kept).toMatchObject({ description: 'Type', type: '' });
  });

  it('leaves out what is not chosen, so the engine names the missing column', () => {
    expect(mappingOf({ ...emptyDraft(), name: ' First National CSV ', amount: 'Amount' })).toEqual({
      name: 'First National CSV',
      delimiter: ',',
      skipLines: 0,
      dateFormat: 'MM/DD/YYYY',
      amount: 'Amount',
    });
  });

  it('says a decimal comma and charges written positive, and a saved mapping brings them back', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Card',
      amount: 'Amount',
      decimalSeparator: ',',
      signConvention: 'debit-positive',
    } as const;
    const mapping = mappingOf(draft);
    expect(mapping).toMatchObject({ decimalSeparator: ',', signConvention: 'debit-positive' });
    expect(draftOf(mapping as unknown as BankCsvMapping)).toMatchObject({
      decimalSeparator: ',',
      signConvention: 'debit-positive',
    });
    // Debit and credit columns say the direction by where the amount is: no sign convention is sent.
    expect(mappingOf({ ...draft, amountKind: 'split', debit: 'Out', credit: 'In' })).not.toHaveProperty(
      'signConvention',
    );
  });
});
