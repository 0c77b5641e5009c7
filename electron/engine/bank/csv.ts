/**
 * CSV exports read through a saved column mapping (csvMapping.ts). Rows are taken as arrays and
 * looked up by header name ourselves, so a missing column or a short row is reported with its line.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { Temporal } from '../../../shared/time';
import { parseCsvMapping, type CsvDateFormat, type CsvMapping, type CsvMappingInput } from './csvMapping';
import { BankStatementError, IdentityCounter, shown, summarize, type BankLine, type ParsedStatement } from './types';

function csvError(code: ConstructorParameters<typeof BankStatementError>[1], line: number | null, detail: string) {
  return new BankStatementError('csv', code, line, detail);
}

const DATE_PATTERNS: Record<
  CsvDateFormat,
  { pattern: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'MM/DD/YYYY': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'M/D/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'MM/DD/YY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: ['m', 'd', 'y'] },
  'MM-DD-YYYY': { pattern: /^(\d{2})-(\d{2})-(\d{4})$/, order: ['m', 'd', 'y'] },
  'DD/MM/YYYY': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  // A four-digit year first leaves no doubt about the rest, so unpadded months and days ("2017/3/5") read too.
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'YYYY/MM/DD': { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: ['y', 'm', 'd'] },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})$/, order: ['y', 'm', 'd'] },
  // European exports: 10.10.2017, 5.3.2017, 22.02.18.
  'DD.MM.YYYY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
  'DD.MM.YY': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, order: ['d', 'm', 'y'] },
};

/** A cell in the mapping's date format; a trailing time ("03/05/2026 14:02") is ignored. */
export function parseCsvDate(cell: string, format: CsvDateFormat, line: number, column: string): string {
  const datePart = cell.trim().split(/[ T]/)[0] ?? '';
  const { pattern, order } = DATE_PATTERNS[format];
  const match = pattern.exec(datePart);
  if (match) {
    const parts = { y: 0, m: 0, d: 0 };
    order.forEach((key, i) => (parts[key] = Number(match[i + 1])));
    if (format === 'MM/DD/YY' || format === 'DD.MM.YY') parts.y += 2000; // As BAI2: every statement read here is from this century.
    try {
      return Temporal.PlainDate.from(
        { year: parts.y, month: parts.m, day: parts.d },
        { overflow: 'reject' },
      ).toString();
    } catch {
      // Shaped like a date but not one (02/30/2026): refused below.
    }
  }
  throw csvError(
    'bad_date',
    line,
    `${column} "${shown(cell)}" is not a date written ${format}; check the mapping's date format or the file`,
  );
}

const AMOUNT_SHAPES: Record<CsvMapping['decimalSeparator'], { plain: RegExp; grouped: RegExp; example: string }> = {
  '.': { plain: /^(\d+)(?:\.(\d{1,2}))?$/, grouped: /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/, example: '1,234.56' },
  ',': { plain: /^(\d+)(?:,(\d{1,2}))?$/, grouped: /^(\d{1,3}(?:[. ]\d{3})+)(?:,(\d{1,2}))?$/, example: '1.234,56' },
};

/**
 * Bank CSVs write money for people: "$1,234.56", "(45.00)" or "-45.00", sometimes "45.00-" or
 * "45.00 CR"/"DR", "+5257,28" or "€ 1.234,56" in European exports. Parsed from the text; thousands
 * separators only in groups of three.
 */
export function parseCsvAmount(
  cell: string,
  line: number,
  column: string,
  decimalSeparator: CsvMapping['decimalSeparator'] = '.',
): number | null {
  let text = cell.trim();
  if (text === '') return null;
  let negative = false;
  const flag = /\s*(CR|DR)$/i.exec(text);
  if (flag) {
    negative = flag[1]!.toUpperCase() === 'DR';
    text = text.slice(0, flag.index);
  }
  if (/^\(.*\)$/.test(text)) {
    negative = !negative;
    text = text.slice(1, -1).trim();
  }
  if (/^[+-]/.test(text)) {
    negative = text[0] === '-' ? !negative : negative;
    text = text.slice(1).trim();
  } else if (/-$/.test(text)) {
    negative = !negative;
    text = text.slice(0, -1).trim();
  }
  text = text.replace(/^[$€£]\s*/, '');
  const shape = AMOUNT_SHAPES[decimalSeparator];
  const match = shape.plain.exec(text) ?? shape.grouped.exec(text);
  const whole = match?.[1]!.replace(/[^\d]/g, '') ?? '';
  if (!match || whole.length > 13) {
    throw csvError(
      'bad_amount',
      line,
      `${column} "${shown(cell)}" is not an amount like ${shape.example} or (45.00); check the file or the mapping's decimal separator`,
    );
  }
  const cents = Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return negative && cents !== 0 ? -cents : cents;
}

interface Row {
  record: string[];
  raw: string;
  info: { lines: number };
}

function readRows(text: string, mapping: Pick<CsvMapping, 'delimiter' | 'skipLines'>): Row[] {
  // One line ending throughout: a preamble written with \n above rows written with \r\n would
  // otherwise make csv-parse miscount lines.
  const normalized = text.replace(/\r\n?/g, '\n');
  let lastRecordEnd = mapping.skipLines;
  try {
    return parse(normalized, {
      bom: true,
      delimiter: mapping.delimiter,
      from_line: mapping.skipLines + 1,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
      raw: true,
      on_record: (record, context) => {
        lastRecordEnd = context.lines;
        return record;
      },
      // csv-parse's types describe plain records; with info and raw on, each is { record, raw, info }.
    }) as unknown as Row[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      // csv-parse reports the end of the file; the bookkeeper needs the row where the quote opened.
      const lines = normalized.split('\n');
      let line = lastRecordEnd + 1;
      while (line < lines.length && lines[line - 1]!.trim() === '') line += 1;
      throw csvError(
        'structure',
        line,
        "a quoted field that starts on this line is never closed; check the file's quoting",
      );
    }
    const line = typeof error.lines === 'number' ? error.lines : null;
    throw csvError('structure', line, `${error.message.replace(/^[A-Za-z ]+: /, '')}; check the file`);
  }
}

/** The header's column names as a delimiter and a count of lines skipped find them (for the mapping form). */
export function readCsvHeader(text: string, layout: Pick<CsvMapping, 'delimiter' | 'skipLines'>): string[] {
  return readRows(text, layout)[0]?.record.map((name) => name.trim()) ?? [];
}

/** The header's columns as an error lists them: the first few, each cut short. */
function headerShown(names: string[]): string {
  const listed = names.slice(0, 6).map((n) => shown(n, 24));
  return names.length > 6 ? `${listed.join(', ')} and ${names.length - 6} more` : listed.join(', ');
}

/** First line of a record: csv-parse counts to its end, and a quoted cell may span lines. */
function startLine(row: Row): number {
  const body = row.raw.replace(/^[\r\n]+|[\r\n]+$/g, '');
  return row.info.lines - (body.match(/\r\n|\r|\n/g)?.length ?? 0);
}

/**
 * Where the transactions end: banks print a disclaimer, a total or rows of empty cells after the
 * table. A trailing row is not a transaction when it is empty, is one sentence of its own, or has no
 * digit where the date belongs ("TOTAL", "Balances are provisional"). A trailing row with a date is
 * a transaction however damaged, so the row loop refuses it rather than it being dropped unseen.
 */
function tableEnd(rows: Row[], width: number, dateAt: number): number {
  const isFooter = ({ record }: Row) =>
    record.every((c) => c.trim() === '') || (record.length === 1 && width > 1) || !/\d/.test(record[dateAt] ?? '');
  let end = rows.length;
  while (end > 1 && isFooter(rows[end - 1]!)) end -= 1;
  return end;
}

export function parseCsv(text: string, mappingInput: CsvMappingInput): ParsedStatement {
  const mapping = parseCsvMapping(mappingInput);
  const rows = readRows(text, mapping);
  const header = rows[0];
  if (!header)
    throw csvError(
      'empty',
      mapping.skipLines + 1,
      `the file has no header row (the "${mapping.name}" mapping skips ${mapping.skipLines} lines first)`,
    );
  const headerLine = startLine(header);
  const names = header.record.map((h) => h.trim());
  const indexOf = (role: string, name: string): number => {
    const index = names.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    if (index === -1) {
      throw csvError(
        'bad_mapping',
        headerLine,
        `column "${shown(name)}" (the "${shown(mapping.name)}" mapping's ${role}) is not in the header, which has: ${headerShown(names)}; fix the mapping or pick another one`,
      );
    }
    return index;
  };
  const dateAt = indexOf('date', mapping.date);
  const amountAt: { signed: number } | { debit: number; credit: number } =
    typeof mapping.amount === 'string'
      ? { signed: indexOf('amount', mapping.amount) }
      : { debit: indexOf('debit', mapping.amount.debit), credit: indexOf('credit', mapping.amount.credit) };
  const descriptionAt = indexOf('description', mapping.description);
  const referenceAt = mapping.reference ? indexOf('reference', mapping.reference) : null;
  const typeAt = mapping.type ? indexOf('type', mapping.type) : null;
  const accountAt = typeof mapping.account === 'string' ? indexOf('account', mapping.account) : null;
  const fixedAccount = typeof mapping.account === 'object' ? mapping.account.fixed : mapping.name;

  const counter = new IdentityCounter();
  const lines: BankLine[] = [];
  const table = rows.slice(1, tableEnd(rows, names.length, dateAt));
  for (const row of table) {
    const line = startLine(row);
    if (row.record.length !== names.length) {
      throw csvError(
        'bad_field',
        line,
        `the row has ${row.record.length} fields but the header has ${names.length}; the file may be damaged or have a summary row — remove it or download again`,
      );
    }
    const cell = (index: number) => (row.record[index] ?? '').trim();
    const amountOf = (index: number, what: string) =>
      parseCsvAmount(cell(index), line, `${what} "${shown(names[index]!)}"`, mapping.decimalSeparator);
    const postedDate = parseCsvDate(cell(dateAt), mapping.dateFormat, line, `date "${names[dateAt]}"`);
    let amountCents: number;
    if ('signed' in amountAt) {
      const value = amountOf(amountAt.signed, 'amount');
      if (value === null)
        throw csvError('bad_amount', line, `amount "${names[amountAt.signed]}" is empty; check the file`);
      amountCents = mapping.signConvention === 'debit-positive' && value !== 0 ? -value : value;
    } else {
      const debit = amountOf(amountAt.debit, 'debit');
      const credit = amountOf(amountAt.credit, 'credit');
      if (debit === null && credit === null) {
        throw csvError('bad_amount', line, 'both the debit and the credit are empty; check the file');
      }
      if (debit && credit)
        throw csvError('bad_amount', line, 'both the debit and the credit are filled; check the file');
      // Debit columns hold positive numbers mostly, negative in some banks' exports: money out either way.
      amountCents = debit ? -Math.abs(debit) : Math.abs(credit ?? 0);
    }
    const account = accountAt === null ? fixedAccount : cell(accountAt);
    if (account === '') throw csvError('bad_field', line, `account "${names[accountAt!]}" is empty; check the file`);
    const description = cell(descriptionAt);
    const reference = referenceAt === null ? '' : cell(referenceAt);
    lines.push({
      account,
      postedDate,
      amountCents,
      typeCode: typeAt === null ? (amountCents < 0 ? 'DEBIT' : 'CREDIT') : cell(typeAt),
      bankReference: reference,
      text: description,
      raw: row.raw.replace(/^[\r\n]+|[\r\n]+$/g, ''),
      // Without a bank reference, the row's own content is all that is stable across exports.
      identity: reference
        ? counter.next(['csv', account, 'ref', reference])
        : counter.next(['csv', account, postedDate, amountCents, description]),
      lineNumber: line,
    });
  }
  if (lines.length === 0) throw csvError('empty', headerLine, 'the file has a header but no transactions');
  return summarize('csv', lines, [], []);
}
