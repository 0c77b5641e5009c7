/**
 * The bank side as the views and the CLI see it (DESIGN.md §10): statement lines with their match
 * state, the candidates suggested for them, explanations of what cannot match, and batches in transit.
 * Money in signed integer cents (credits positive); dates are business dates.
 */
import type { BusinessDate } from '../time';

/**
 * possible_duplicate: only probably a line already stored (another format, other text), for the
 * bookkeeper to keep or drop; dropped: such a line the bookkeeper dropped; corrected: a line the bank
 * corrected (a later line has its reference and another amount). The last two are set aside: nothing
 * matches them and they are not left to settle.
 */
export const BANK_LINE_STATUSES = [
  'matched',
  'suggested',
  'unmatched',
  'explained',
  'possible_duplicate',
  'dropped',
  'corrected',
] as const;
export type BankLineStatus = (typeof BANK_LINE_STATUSES)[number];

/** exact: a batch's total; net: its partial (split settlement, net of fees); lumped: several batches. */
export const BANK_MATCH_HOWS = ['exact', 'net', 'lumped', 'return', 'manual'] as const;
export type BankMatchHow = (typeof BANK_MATCH_HOWS)[number];

export const BANK_EXPLANATION_KINDS = [
  'processor_fee',
  'rounding',
  'cash_over_short',
  'nsf',
  'chargeback',
  'other',
] as const;
export type BankExplanationKind = (typeof BANK_EXPLANATION_KINDS)[number];

export type BankStatementFormat = 'bai2' | 'ofx' | 'csv';

/** A live match: made by the matcher ('matched') or by a person ('confirmed'). */
export interface BankMatch {
  id: number;
  how: BankMatchHow;
  status: 'matched' | 'confirmed';
  batchIds: string[];
  /** An ACH return: the returned transaction. */
  transactionId: number | null;
  /** Business days from the (oldest) batch date to the posting; null for a manual match. */
  gapDays: number | null;
  /** The deposit slip the line is (DESIGN.md §10): `batchIds` are then the slip's. */
  slip: BankMatchSlip | null;
  matchedAt: string;
  confirmedBy: string | null;
  confirmedAt: string | null;
}

/** One of several candidates, best first (closest date, then fewest batches). */
export interface BankSuggestion {
  id: number;
  rank: number;
  how: BankMatchHow;
  batchIds: string[];
  transactionId: number | null;
  gapDays: number | null;
  slip: BankMatchSlip | null;
}

/**
 * A school office's deposit slip as the bank side shows it: the bank credits what was counted and
 * taken to the bank, so a slip over or short matches its counted total and the difference stays seen.
 */
export interface BankMatchSlip {
  id: string;
  payeeId: number;
  date: BusinessDate;
  /** Cash and checks counted: what the bank should credit. */
  countedCents: number;
  /** The collections' sum, as the service has them. */
  collectedCents: number;
  /** Counted minus collected: positive over, negative short. */
  overShortCents: number;
  comment: string | null;
  countedBy: string;
  verifiedBy: string | null;
}

export interface BankExplanation {
  id: number;
  lineId: number | null;
  batchId: string | null;
  kind: BankExplanationKind;
  note: string;
  by: string;
  at: string;
  /** Undone explanations are kept (bank.line's history) with who, when and why. */
  undone: { by: string; at: string; reason: string } | null;
}

/** A line as the bank's statement says it: what a parser reads, the Bank view shows and the sandbox writes. */
export interface BankStatementLine {
  /** The bank's account number or id, as text (leading zeros matter). */
  account: string;
  postedDate: BusinessDate;
  /** Signed integer cents: credits (money in) positive, debits negative. */
  amountCents: number;
  /** BAI2 type code ("165"), OFX TRNTYPE ("DEP"), or the CSV mapping's type column. */
  typeCode: string;
  /** BAI2 bank reference, OFX FITID, or the CSV mapping's reference column; '' when absent. */
  bankReference: string;
  /** Description: BAI2 text with its 88 continuations, OFX NAME and MEMO, or the CSV description. */
  text: string;
}

export interface BankLineSummary extends BankStatementLine {
  id: number;
  status: BankLineStatus;
  match: BankMatch | null;
  suggestions: BankSuggestion[];
  explanation: BankExplanation | null;
  /** What the line is beside the other lines stored (issue 25); null for an ordinary line. */
  identity: BankLineIdentity | null;
}

/** A line that is probably another, or that corrects or is corrected by another. */
export interface BankLineIdentity {
  /** The stored line this one is probably the same as. */
  duplicateOf: number | null;
  /** possible until the bookkeeper keeps or drops it. */
  duplicate: 'possible' | 'kept' | 'dropped' | null;
  /** Who kept or dropped it, and when. */
  decidedBy: string | null;
  decidedAt: string | null;
  /** The line this one corrects (the same reference, another amount). */
  corrects: number | null;
  /** The line that corrects this one. */
  correctedBy: number | null;
}

/** A match that no longer holds, kept with who undid it and why. */
export interface UndoneBankMatch extends BankMatch {
  undoneBy: string;
  undoneAt: string;
  undoneReason: string;
}

export interface BankLineDetail {
  line: BankLineSummary;
  /** The record as it appears in the file. */
  raw: string;
  statement: BankStatement;
  undoneMatches: UndoneBankMatch[];
  undoneExplanations: BankExplanation[];
}

export interface BankStatement {
  id: number;
  fileName: string;
  sha256: string;
  format: BankStatementFormat;
  from: BusinessDate;
  to: BusinessDate;
  lineCount: number;
  newLineCount: number;
  importedAt: string;
  importedBy: string;
  /** When matching ran after the import; null while it has not (the next start runs it). */
  matchedAt: string | null;
}

export interface BankAccount {
  id: number;
  number: string;
  currency: string | null;
  lineCount: number;
  lastPostedDate: BusinessDate | null;
}

/** A batch past the matching window with no bank line and no explanation. */
export interface InTransitBatch {
  batchId: string;
  payeeId: number;
  paymentMethod: string;
  date: BusinessDate;
  totalCents: number;
  partialCents: number;
  /** Business days (weekends skipped) from the batch date to today. */
  ageDays: number;
}

export interface BankImportSummary {
  statementId: number;
  /** The same bytes were imported before: nothing was added. */
  alreadyImported: boolean;
  format: BankStatementFormat;
  range: { from: BusinessDate; to: BusinessDate };
  accounts: string[];
  linesInFile: number;
  newLines: number;
  /** Lines already stored by an earlier (overlapping or identical) statement, in any format. */
  duplicatesSkipped: number;
  /** New lines only probably not stored already: marked for the bookkeeper to keep or drop. */
  possibleDuplicates: number;
  /** New lines that correct a stored line (its reference with another amount): kept beside it. */
  corrections: number;
  /** The state, after matching, of the lines this file holds. */
  matched: number;
  suggested: number;
  unmatched: number;
  explained: number;
}

/**
 * The largest statement file taken, checked from its size before it is read: what the contract's
 * 200,000,000 base64 characters carry. A 700 MB file read whole fails inside the JavaScript engine
 * ("Cannot create a string longer than ...") instead of saying what is wrong.
 */
export const BANK_STATEMENT_MAX_BYTES = 150_000_000;

/** Why a file of `bytes` cannot be a statement, in one line naming it and the limit; null when it can. */
export function statementTooLarge(fileName: string, bytes: number): string | null {
  if (bytes <= BANK_STATEMENT_MAX_BYTES) return null;
  const name = fileName.length > 80 ? `${fileName.slice(0, 38)}…${fileName.slice(-38)}` : fileName;
  const mb = (n: number) => `${Math.floor(n / 1_000_000).toLocaleString('en-US')} MB`;
  return `${name} is ${mb(bytes)}, more than the ${mb(BANK_STATEMENT_MAX_BYTES)} a bank statement may be; download it in parts (a month at a time) and import each`;
}

/** A removed import: what went with it. */
export interface BankStatementRemoval {
  statementId: number;
  fileName: string;
  /** The lines only this statement held, removed with their matches and explanations. */
  linesRemoved: number;
  /** Lines a later statement also holds: they stay, now that statement's. */
  linesKept: number;
  removedBy: string;
  removedAt: string;
}

/** How a CSV mapping may say its date column is written (the engine reads each; the mapping form offers them). */
export const CSV_DATE_FORMATS = [
  'MM/DD/YYYY',
  'M/D/YYYY',
  'MM/DD/YY',
  'MM-DD-YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'YYYYMMDD',
  'DD.MM.YYYY',
  'DD.MM.YY',
] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

/** The decimal separator of a CSV's amounts: "1,234.56" or (European exports) "1.234,56". */
export const CSV_DECIMAL_SEPARATORS = ['.', ','] as const;

/**
 * Which way a CSV's one signed amount column counts: bank exports write money in as positive; card
 * exports write charges as positive ("debit-positive"), so the mapping flips them.
 */
export const CSV_SIGN_CONVENTIONS = ['credit-positive', 'debit-positive'] as const;

/** A bank's CSV export layout, saved by name (validated by the engine's csvMappingSchema). */
export interface BankCsvMapping {
  name: string;
  date: string;
  dateFormat: string;
  /** One signed column, or separate debit and credit columns. */
  amount: string | { debit: string; credit: string };
  description: string;
  reference?: string | undefined;
  type?: string | undefined;
  account?: string | { fixed: string } | undefined;
  delimiter: string;
  skipLines: number;
  /** Absent in mappings saved before it existed: '.'. */
  decimalSeparator?: (typeof CSV_DECIMAL_SEPARATORS)[number] | undefined;
  /** Absent in mappings saved before it existed: 'credit-positive'. */
  signConvention?: (typeof CSV_SIGN_CONVENTIONS)[number] | undefined;
}

/** A file read with a column mapping not saved yet, for the mapping form to show before saving. */
export interface BankCsvPreview {
  /** What the file is by its content and name; only a CSV has columns and lines. */
  format: BankStatementFormat | null;
  /** The header's column names, as the mapping's delimiter and skipped lines find them. */
  columns: string[];
  /** The first lines as the mapping reads them. */
  lines: Array<BankStatementLine & { lineNumber: number }>;
  /** Lines the whole file holds, read this way. */
  lineCount: number;
  /** Why the file cannot be read this way, in one line naming the column or the file's line; else null. */
  error: string | null;
}
