/**
 * The CSV mapping form's state: what the bookkeeper has chosen so far, a first guess from the
 * header's names, and the mapping it stands for. The engine checks the mapping (and names the column
 * that does not fit); nothing here validates.
 */
import type { BankCsvMapping, CsvDateFormat } from '../../../../shared/domain';
import { CSV_DECIMAL_SEPARATORS, CSV_DELIMITERS, CSV_SIGN_CONVENTIONS } from '../../../../shared/domain';

export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export type CsvDecimalSeparator = (typeof CSV_DECIMAL_SEPARATORS)[number];
export type CsvSignConvention = (typeof CSV_SIGN_CONVENTIONS)[number];

export interface MappingDraft {
  name: string;
  delimiter: CsvDelimiter;
  skipLines: number;
  date: string;
  dateFormat: CsvDateFormat;
  /** One signed column, or a debit and a credit column. */
  amountKind: 'signed' | 'split';
  amount: string;
  /** How the signed amount column counts: a card export writes charges as positive. */
  signConvention: CsvSignConvention;
  decimalSeparator: CsvDecimalSeparator;
  debit: string;
  credit: string;
  description: string;
  /** Optional columns: '' when the file has none. */
  reference: string;
  type: string;
  account: string;
  /** A saved mapping's fixed account number, kept when no account column is chosen. */
  fixedAccount: string;
}

export const DELIMITER_LABELS: Record<CsvDelimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Bar (|)',
};

export const DECIMAL_SEPARATOR_LABELS: Record<CsvDecimalSeparator, string> = {
  '.': 'Point (1,234.56)',
  ',': 'Comma (1.234,56)',
};

export const SIGN_CONVENTION_LABELS: Record<CsvSignConvention, string> = {
  'credit-positive': 'Money in is positive (bank accounts)',
  'debit-positive': 'Charges are positive (card exports)',
};

export function emptyDraft(): MappingDraft {
  return {
    name: '',
    delimiter: ',',
    skipLines: 0,
    date: '',
    dateFormat: 'MM/DD/YYYY',
    amountKind: 'signed',
    amount: '',
    signConvention: 'credit-positive',
    decimalSeparator: '.',
    debit: '',
    credit: '',
    description: '',
    reference: '',
    type: '',
    account: '',
    fixedAccount: '',
  };
}

/** Header words banks use for each role, most telling first. */
const GUESSES: Record<
  'date' | 'amount' | 'debit' | 'credit' | 'description' | 'reference' | 'type' | 'account',
  RegExp[]
> = {
  date: [/^post(ed|ing)?\s*date$/i, /date/i],
  amount: [/^amount$/i, /amount/i],
  debit: [/debit/i, /withdrawal/i],
  credit: [/credit/i, /deposit/i],
  description: [/desc/i, /memo/i, /narrative|details|text/i, /payee|name/i],
  reference: [/ref/i, /^(check|serial|transaction)\s*(number|no\.?|#|id)$/i],
  type: [/type/i, /code/i],
  account: [/account/i],
};

function guess(columns: string[], role: keyof typeof GUESSES, taken: Set<string>): string {
  for (const pattern of GUESSES[role]) {
    const found = columns.find((column) => !taken.has(column) && pattern.test(column));
    if (found) {
      taken.add(found);
      return found;
    }
  }
  return '';
}

/**
 * The columns a header's names suggest, filled in only where the draft has none, so a guess never
 * overrides a choice. Debit and credit columns without an amount column mean a split layout.
 */
export function guessColumns(draft: MappingDraft, columns: string[]): MappingDraft {
  const taken = new Set(
    [
      draft.date,
      draft.amount,
      draft.debit,
      draft.credit,
      draft.description,
      draft.reference,
      draft.type,
      draft.account,
    ].filter(Boolean),
  );
  const pick = (role: keyof typeof GUESSES, current: string) => current || guess(columns, role, taken);
  const next = { ...draft, date: pick('date', draft.date) };
  next.amount = pick('amount', draft.amount);
  if (!next.amount) {
    next.debit = pick('debit', draft.debit);
    next.credit = pick('credit', draft.credit);
    if (next.debit && next.credit) next.amountKind = 'split';
  }
  next.description = pick('description', draft.description);
  next.reference = pick('reference', draft.reference);
  next.type = pick('type', draft.type);
  next.account = pick('account', draft.account);
  return next;
}

/** The mapping as the engine takes it: optional columns left out when not chosen. */
export function mappingOf(draft: MappingDraft): Record<string, unknown> {
  const mapping: Record<string, unknown> = {
    name: draft.name.trim(),
    delimiter: draft.delimiter,
    skipLines: draft.skipLines,
    dateFormat: draft.dateFormat,
    amount: draft.amountKind === 'signed' ? draft.amount : { debit: draft.debit, credit: draft.credit },
  };
  // The defaults are left out, so a mapping reads the same to an engine from before these settings.
  if (draft.decimalSeparator !== '.') mapping.decimalSeparator = draft.decimalSeparator;
  // Only a signed column has a sign convention; debit and credit columns say it by where they are.
  if (draft.amountKind === 'signed' && draft.signConvention !== 'credit-positive')
    mapping.signConvention = draft.signConvention;
  // A required column not chosen is left out, so the engine's message names it as missing.
  if (draft.date) mapping.date = draft.date;
  if (draft.description) mapping.description = draft.description;
  if (draft.reference) mapping.reference = draft.reference;
  if (draft.type) mapping.type = draft.type;
  if (draft.account) mapping.account = draft.account;
  else if (draft.fixedAccount) mapping.account = { fixed: draft.fixedAccount };
  return mapping;
}

/** A saved mapping as a draft, to start a new one from (a bank that changed its export a little). */
export function draftOf(mapping: BankCsvMapping): MappingDraft {
  const split = typeof mapping.amount === 'object';
  return {
    ...emptyDraft(),
    name: mapping.name,
    delimiter: mapping.delimiter as CsvDelimiter,
    skipLines: mapping.skipLines,
    date: mapping.date,
    dateFormat: mapping.dateFormat as CsvDateFormat,
    amountKind: split ? 'split' : 'signed',
    amount: typeof mapping.amount === 'string' ? mapping.amount : '',
    signConvention: mapping.signConvention ?? 'credit-positive',
    decimalSeparator: mapping.decimalSeparator ?? '.',
    debit: typeof mapping.amount === 'object' ? mapping.amount.debit : '',
    credit: typeof mapping.amount === 'object' ? mapping.amount.credit : '',
    description: mapping.description,
    reference: mapping.reference ?? '',
    type: mapping.type ?? '',
    account: typeof mapping.account === 'string' ? mapping.account : '',
    fixedAccount: typeof mapping.account === 'object' ? mapping.account.fixed : '',
  };
}

/** A saved mapping in a few words, for the list of saved mappings. */
export function describeMapping(mapping: BankCsvMapping): string {
  const amount =
    typeof mapping.amount === 'string'
      ? `amount "${mapping.amount}"`
      : `debit "${mapping.amount.debit}", credit "${mapping.amount.credit}"`;
  return `date "${mapping.date}" (${mapping.dateFormat}), ${amount}, description "${mapping.description}"`;
}
