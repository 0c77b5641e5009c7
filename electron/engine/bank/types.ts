/**
 * What every statement parser hands back (DESIGN.md §10). Parsers are pure: text in, lines out, or
 * one BankStatementError for the whole file. Nothing here touches the store; the importer decides
 * what to keep, de-duplicating by `identity`.
 */
import type { BankStatementLine } from '../../../shared/domain';
import type { BusinessDate } from '../../../shared/time';

export type StatementFormat = 'bai2' | 'ofx' | 'csv';

/** A statement line as its parser read it: what the store keeps of it and de-duplicates on. */
export interface BankLine extends BankStatementLine {
  /** The record as it appears in the file (a BAI2 16 with its 88s, an OFX STMTTRN, a CSV row). */
  raw: string;
  /** Stable across overlapping statements of the same account; the store de-duplicates on it. */
  identity: string;
  /** 1-based line of the file where this line's record starts, to point the bookkeeper at it. */
  lineNumber: number;
}

export interface StatementAccount {
  account: string;
  /** ISO currency code when the file says one (BAI2 03/02, OFX CURDEF); null otherwise. */
  currency: string | null;
  lineCount: number;
  creditCents: number;
  /** Sum of the debits, as a negative number (so credit + debit is the net movement). */
  debitCents: number;
  /** Closing ledger balance when the file reports one (BAI2 type 015, OFX LEDGERBAL). */
  closingLedgerCents: number | null;
}

export interface ParsedStatement {
  format: StatementFormat;
  accounts: StatementAccount[];
  lines: BankLine[];
  /** The dates the statement covers, both included. */
  range: { from: BusinessDate; to: BusinessDate };
}

export type BankStatementErrorCode =
  | 'unknown_format'
  | 'not_this_format'
  | 'mapping_required'
  | 'bad_mapping'
  | 'unknown_record'
  | 'structure'
  | 'missing_trailer'
  | 'total_mismatch'
  | 'count_mismatch'
  | 'bad_amount'
  | 'bad_date'
  | 'bad_field'
  | 'empty';

const FORMAT_LABEL: Record<StatementFormat, string> = { bai2: 'BAI2', ofx: 'OFX', csv: 'CSV' };

/** The most an error about a statement says: one line a terminal or a dialog shows whole. */
export const MAX_ERROR_LENGTH = 300;

/**
 * A value from the file as an error quotes it: at most `max` characters, control characters shown
 * as `?`. A 140 MB one-line CSV is one "cell"; quoted whole, its error was 146 MB.
 */
export function shown(value: string, max = 40): string {
  const cut = value.length > max ? `${value.slice(0, max)}…` : value;
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  return cut.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/**
 * The one error a parser throws: the whole file is refused. `line` is 1-based in the file (null when
 * the fault is not in the file, e.g. a column mapping); the message starts with where, so a
 * bookkeeper reading one line knows where to look and what to do.
 */
export class BankStatementError extends Error {
  override readonly name = 'BankStatementError';
  readonly code: BankStatementErrorCode;
  readonly line: number | null;
  readonly format: StatementFormat | null;

  constructor(format: StatementFormat | null, code: BankStatementErrorCode, line: number | null, detail: string) {
    const where = [format ? FORMAT_LABEL[format] : 'Statement', line === null ? null : `line ${line}`]
      .filter(Boolean)
      .join(' ');
    // Values are quoted through shown(); this bound is for whatever still grows with the file.
    const message = `${where}: ${detail}`;
    super(message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 1)}…` : message);
    this.code = code;
    this.line = line;
    this.format = format;
  }
}

/**
 * Identities are JSON arrays so no separator inside a reference or a description can make two
 * different lines collide. A key seen again in the same file gets `#2`, `#3`...: two identical
 * $25.00 deposits on one day are two lines, and an overlapping statement that holds the same day
 * numbers them the same way, so they still de-duplicate.
 */
export class IdentityCounter {
  private readonly seen = new Map<string, number>();

  next(parts: readonly (string | number)[]): string {
    const key = JSON.stringify(parts);
    const count = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, count);
    return count === 1 ? key : `${key}#${count}`;
  }
}

/** Per-account totals and the date range, kept as a file is read, the same way for every format. */
export class StatementTally {
  private readonly accounts = new Map<string, StatementAccount>();
  private from = '';
  private to = '';

  /** An account as its file declares it (a currency fills in one not known yet; the latest balance wins). */
  account(account: string, currency: string | null = null, closing: number | null = null): StatementAccount {
    let entry = this.accounts.get(account);
    if (!entry) {
      entry = { account, currency, lineCount: 0, creditCents: 0, debitCents: 0, closingLedgerCents: closing };
      this.accounts.set(account, entry);
    } else {
      entry.currency ??= currency;
      // An account reported on several days (BAI2 groups) keeps the latest balance in the file.
      if (closing !== null) entry.closingLedgerCents = closing;
    }
    return entry;
  }

  date(date: BusinessDate): void {
    if (this.from === '' || date < this.from) this.from = date;
    if (date > this.to) this.to = date;
  }

  line(line: BankLine): void {
    const entry = this.account(line.account);
    entry.lineCount += 1;
    if (line.amountCents >= 0) entry.creditCents += line.amountCents;
    else entry.debitCents += line.amountCents;
    this.date(line.postedDate);
  }

  /** The accounts named so far, in the order the file named them. */
  accountsSoFar(): StatementAccount[] {
    return [...this.accounts.values()];
  }

  result(format: StatementFormat): StatementSummary {
    return { format, accounts: this.accountsSoFar(), range: { from: this.from, to: this.to } };
  }
}

export type StatementSummary = Omit<ParsedStatement, 'lines'>;

/**
 * A file's lines as the importer stores them: read as they are stored (a BAI2 file), or from a file
 * parsed whole (OFX, CSV). Reading `lines` throws BankStatementError at the first fault, after the
 * lines before it; reading them again reads the file again.
 */
export interface StatementSource {
  format: StatementFormat;
  lines: Iterable<BankLine>;
  /** The accounts the file has named up to the line read last. */
  accountsSoFar(): StatementAccount[];
  /** Once `lines` has been read to its end. */
  summary(): StatementSummary;
}

/** A statement parsed whole as a source. */
export function wholeSource(parsed: ParsedStatement): StatementSource {
  const { lines, ...summary } = parsed;
  return { format: parsed.format, lines, accountsSoFar: () => summary.accounts, summary: () => summary };
}

/** Per-account totals and the date range, the same way for every format. */
export function summarize(
  format: StatementFormat,
  lines: BankLine[],
  known: { account: string; currency: string | null; closingLedgerCents: number | null }[],
  dates: BusinessDate[],
): ParsedStatement {
  const tally = new StatementTally();
  for (const k of known) tally.account(k.account, k.currency, k.closingLedgerCents);
  for (const date of dates) tally.date(date);
  for (const line of lines) tally.line(line);
  return { ...tally.result(format), lines };
}
