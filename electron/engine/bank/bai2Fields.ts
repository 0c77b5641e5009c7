/**
 * BAI2 records below the file structure: physical lines grouped into logical records (a record and
 * its 88 continuations), field cursors, amounts, dates and the funds-type variants. bai2.ts walks the
 * structure and checks the totals.
 */
import { Temporal } from '../../../shared/time';
import { BankStatementError, shown, type BankStatementErrorCode } from './types';

export interface PhysicalRecord {
  line: number;
  text: string;
}

/** A record with the 88 continuations that follow it. */
export interface LogicalRecord {
  code: string;
  line: number;
  first: PhysicalRecord;
  continuations: PhysicalRecord[];
}

export function bai2Error(code: BankStatementErrorCode, line: number, detail: string): BankStatementError {
  return new BankStatementError('bai2', code, line, detail);
}

export const KNOWN_RECORDS = new Set(['01', '02', '03', '16', '49', '88', '98', '99']);

/**
 * A record's code ("16" of "16,..." or of "16/"; "88" of the "88:" some banks write), or undefined
 * when the text does not start with one.
 */
function recordCode(text: string): string | undefined {
  // Called for every record, twice: no closure per call (a hot loop over a year's 60,000 lines).
  const first = text.charCodeAt(0);
  const second = text.charCodeAt(1);
  if (text.length < 2 || first < 48 || first > 57 || second < 48 || second > 57) return undefined;
  if (text.length === 2 || text[2] === ',' || (text.length === 3 && text[2] === '/')) return text.slice(0, 2);
  if (text[2] === ':' && text.startsWith('88')) return '88';
  return undefined;
}

/**
 * Where a second record starts on the same physical line: a `/` ending one record, blanks, then a
 * known record code and its comma ("49,-1600,11/  03,1111111,..."). moov-io/bai2 reads such files.
 */
const NEXT_RECORD_ON_LINE = /\/\s+(?=(?:0[123]|16|49|88|98|99)[,:])/;

/**
 * The file's records in order, found as the text is scanned (a year's file is never held as an array
 * of its 60,000 lines; lines split at CR LF, CR or LF, a leading byte order mark dropped, trailing
 * blanks trimmed). Banks write one record per line mostly, but some put several on a line and some
 * wrap a long record over lines without an 88: a line that starts with no record code continues the
 * record before it when that record has not ended with its `/` (as moov-io/bai2 reads them).
 */
function* physicalRecords(text: string): Generator<PhysicalRecord, void, undefined> {
  // Its own copy: a /g expression keeps its place, and this generator pauses between records.
  const nextRecord = new RegExp(NEXT_RECORD_ON_LINE.source, 'g');
  let pending: PhysicalRecord | null = null;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let index = 0; start <= text.length; index++) {
    let end = start;
    while (end < text.length && text.charCodeAt(end) !== 10 && text.charCodeAt(end) !== 13) end++;
    const lineText = text.slice(start, end);
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    // Banks that send fixed-length records pad them with spaces; a blank line carries nothing.
    const trimmed =
      lineText.charCodeAt(0) <= 32 || lineText.charCodeAt(lineText.length - 1) <= 32 ? lineText.trim() : lineText;
    if (trimmed === '') continue;
    if (pending && !pending.text.endsWith('/') && recordCode(trimmed) === undefined && !/^\d\d,/.test(trimmed)) {
      pending = { line: pending.line, text: pending.text + trimmed };
      continue;
    }
    let from = 0;
    // Most lines hold one record, their only `/` last: those need no search for a second.
    const slash = trimmed.indexOf('/');
    nextRecord.lastIndex = slash === -1 || slash === trimmed.length - 1 ? trimmed.length : 0;
    for (let match = nextRecord.exec(trimmed); match; match = nextRecord.exec(trimmed)) {
      if (pending) yield pending;
      pending = { line: index + 1, text: trimmed.slice(from, match.index + 1) };
      from = match.index + match[0].length;
    }
    if (pending) yield pending;
    pending = { line: index + 1, text: from === 0 ? trimmed : trimmed.slice(from) };
  }
  if (pending) yield pending;
}

/**
 * The file's logical records, made as they are read (a year's file holds tens of thousands; each is
 * garbage once its line is stored). Every record's code is checked first, so a file with an unknown
 * record is refused as damaged before anything in it is read as a statement.
 */
export function* logicalRecords(text: string): Generator<LogicalRecord, void, undefined> {
  let seen = false;
  for (const record of physicalRecords(text)) {
    const code = recordCode(record.text);
    if (!code || !KNOWN_RECORDS.has(code)) {
      const shown = record.text.split(',')[0]!.slice(0, 12);
      throw bai2Error(
        'unknown_record',
        record.line,
        `unknown record type "${shown}"; a BAI2 record starts with 01, 02, 03, 16, 88, 49, 98 or 99 and a comma — the file may be damaged or not BAI2`,
      );
    }
    if (code === '88' && !seen)
      throw bai2Error('structure', record.line, 'a 88 continuation record comes before any record it could continue');
    seen = true;
  }
  let pending: LogicalRecord | null = null;
  for (const record of physicalRecords(text)) {
    const code = recordCode(record.text)!;
    if (code === '88') {
      pending!.continuations.push(record);
      continue;
    }
    if (pending) yield pending;
    pending = { code, line: record.line, first: record, continuations: [] };
  }
  if (pending) yield pending;
}

/** The part of a physical record after its record code, up to the `/` that ends it. */
function body(record: PhysicalRecord): string {
  const afterCode = record.text.slice(3);
  const slash = afterCode.indexOf('/');
  return slash === -1 ? afterCode : afterCode.slice(0, slash);
}

/**
 * Fields of a record whose 88s continue its field list (every record but 16): the `/` closes each
 * physical record and the 88's first field follows the last one before it.
 */
export function recordFields(record: LogicalRecord): string[] {
  return [record.first, ...record.continuations].map(body).join(',').split(',');
}

export interface FieldSource {
  /** The next field, '' once the record has ended (defaulted fields). */
  next(): string;
}

export function arrayFields(fields: string[], start: number): FieldSource & { index: number } {
  return {
    index: start,
    next() {
      const value = fields[this.index] ?? '';
      this.index += 1;
      return value;
    },
  };
}

/**
 * A 16 record read field by field: fields end at `,` or at the `/` that ends the record, but the
 * text field runs to the end of the physical record and may hold commas and slashes.
 */
export class DetailCursor implements FieldSource {
  private pos: number;
  private ended = false;

  constructor(private readonly text: string) {
    this.pos = 3;
  }

  next(): string {
    if (this.ended || this.pos > this.text.length) return '';
    let end = this.pos;
    while (end < this.text.length && this.text[end] !== ',' && this.text[end] !== '/') end += 1;
    const value = this.text.slice(this.pos, end);
    if (this.text[end] === '/' || end >= this.text.length) this.ended = true;
    this.pos = end + 1;
    return value;
  }

  /** The text field: the rest of the record. A lone trailing `/` is the record delimiter, not text. */
  rest(): string {
    if (this.ended) return '';
    return trimText(this.text.slice(this.pos));
  }
}

export function trimText(text: string): string {
  const trimmed = text.trim();
  return (trimmed.endsWith('/') ? trimmed.slice(0, -1) : trimmed).trim();
}

const MAX_DIGITS = 15;

/** An amount in cents, no decimal point; a sign only where `signed` (status balances, control totals). */
export function parseBaiAmount(field: string, line: number, what: string, signed = false): number {
  const pattern = signed ? /^[+-]?\d+$/ : /^\d+$/;
  // Some banks zero-pad amounts past 15 digits ("+00000000000834000"); the zeros carry nothing.
  const digits = field.replace(/^[+-]/, '').replace(/^0+(?=\d)/, '');
  if (!pattern.test(field) || digits.length > MAX_DIGITS) {
    const hint =
      !signed && /^[+-]\d+$/.test(field) ? ' (amounts here carry no sign; the type code says credit or debit)' : '';
    throw bai2Error(
      'bad_amount',
      line,
      `${what} "${shown(field)}" is not an amount in cents written as digits without a decimal point${hint}; ask the bank for a corrected file`,
    );
  }
  const cents = Number(digits) * (field.startsWith('-') ? -1 : 1);
  return cents === 0 ? 0 : cents;
}

/**
 * YYMMDD. BAI2 writes two-digit years; every statement this app reads is from this century, so the
 * year is 20YY (a pivot such as 70 would only guess at files no district still holds).
 */
export function parseBaiDate(field: string, line: number, what: string): string {
  const match = /^(\d\d)(\d\d)(\d\d)$/.exec(field);
  if (match) {
    try {
      return Temporal.PlainDate.from(
        { year: 2000 + Number(match[1]), month: Number(match[2]), day: Number(match[3]) },
        { overflow: 'reject' },
      ).toString();
    } catch {
      // Falls through to the error below: a real shape but not a calendar date.
    }
  }
  throw bai2Error(
    'bad_date',
    line,
    `${what} "${shown(field)}" is not a date written YYMMDD; ask the bank for a corrected file`,
  );
}

export function parseTypeCode(field: string, line: number, what: string): number {
  if (!/^\d{3}$/.test(field)) {
    throw bai2Error(
      'bad_field',
      line,
      `${what} "${shown(field)}" is not a 3-digit BAI type code; the file may be damaged`,
    );
  }
  return Number(field);
}

/**
 * Money in or out by type code. BAI reserves 900-999 for codes a bank defines, split the way its
 * standard codes are: 900-919 status, 920-959 credits, 960-999 debits. Status (001-099, 900-919),
 * loan (700-799) and unassigned (800-899) codes say nothing about direction, so a 16 carrying one
 * cannot become a signed line.
 */
export function directionOf(typeCode: number): 1 | -1 | null {
  if ((typeCode >= 100 && typeCode <= 399) || (typeCode >= 920 && typeCode <= 959)) return 1;
  if ((typeCode >= 400 && typeCode <= 699) || (typeCode >= 960 && typeCode <= 999)) return -1;
  return null;
}

/**
 * Skips the fields a funds type brings: S (immediate, one-day, two-or-more-day amounts), V (value
 * date and time), D (a count, then that many day/amount pairs); 0, 1, 2, Z and empty bring none.
 */
export function readFundsType(fields: FieldSource, line: number): string {
  const fundsType = fields.next().toUpperCase();
  switch (fundsType) {
    case '':
    case '0':
    case '1':
    case '2':
    case 'Z':
      return fundsType;
    case 'S':
      for (const part of ['immediate', 'one-day', 'two-or-more-day']) {
        const value = fields.next();
        if (value !== '') parseBaiAmount(value, line, `funds type S ${part} amount`, true);
      }
      return fundsType;
    case 'V': {
      parseBaiDate(fields.next(), line, 'funds type V value date');
      const time = fields.next();
      if (time !== '' && !/^\d{4}$/.test(time)) {
        throw bai2Error('bad_field', line, `funds type V value time "${shown(time)}" is not a time written HHMM`);
      }
      return fundsType;
    }
    case 'D': {
      const countField = fields.next();
      if (!/^\d{1,3}$/.test(countField)) {
        throw bai2Error('bad_field', line, `funds type D distribution count "${shown(countField)}" is not a number`);
      }
      for (let i = 0; i < Number(countField); i += 1) {
        const days = fields.next();
        if (!/^\d+$/.test(days)) {
          throw bai2Error(
            'bad_field',
            line,
            `funds type D distribution ${i + 1} has days "${shown(days)}", not a number`,
          );
        }
        parseBaiAmount(fields.next(), line, `funds type D distribution ${i + 1} amount`, true);
      }
      return fundsType;
    }
    default:
      throw bai2Error(
        'bad_field',
        line,
        `funds type "${shown(fundsType)}" is not one of 0, 1, 2, S, V, D or Z; the file may be damaged`,
      );
  }
}
