/**
 * Fitting text into an ERP's fields, and refusing what cannot be fitted. Text is cut, never amounts or
 * account codes: a cut description still posts the right money to the right account, a cut account
 * would post it somewhere else.
 */
import { ContractError } from '../../../../shared/contract';
import { formulaSafe } from '../formulaSafe';

/** A refusal of one layout's rule, naming where (file row, entry, line) and the rule. */
export class LayoutRuleError extends ContractError {
  constructor(
    readonly layout: string,
    readonly where: string,
    readonly rule: string,
    action: string,
  ) {
    super('EXPORT', `${layout}: ${where}: ${rule}. ${action} Nothing was written.`);
  }
}

/** Length in characters (code points), as the ERPs count them, not UTF-16 units. */
export const charCount = (text: string): number => Array.from(text).length;

/** Cut to `max` characters without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd();
}

// C0/C1 controls and Unicode line/paragraph separators: any of them could end a record early.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One line of text: controls and runs of white space become one space. */
export function oneLine(text: string): string {
  return text.normalize('NFC').replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
}

const PUNCTUATION: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};

/**
 * Printable ASCII for systems that read bytes in a local code page (QuickBooks' IIF is "ASCII text",
 * ASCENDER's descriptions are "alphanumeric"): accents dropped (é -> e), typographic punctuation
 * straightened, anything else becomes "?" so a reader sees a character was there.
 */
export function asciiFold(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0]/g, (ch) => PUNCTUATION[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

/** A description for a field of `max` characters: one line, formula-safe, then cut. */
export function fitText(text: string, max: number, transform: (text: string) => string = (t) => t): string {
  return cut(formulaSafe(transform(oneLine(text))), max);
}

/** An account code or name goes out exactly as given, or the export is refused: the rule it breaks, or null. */
export function accountProblem(account: string, field: string, max: number | null, forbidden: RegExp): string | null {
  if (!account) return `${field} is empty`;
  if (max !== null && charCount(account) > max) {
    return `${field} "${account}" is ${charCount(account)} characters; the field holds at most ${max}`;
  }
  if (account !== account.trim()) return `${field} "${account}" starts or ends with a space`;
  if (formulaSafe(account) !== account) {
    return `${field} "${account}" starts with = + - or @, which a spreadsheet would run as a formula; it cannot be altered without posting elsewhere`;
  }
  const bad = account.match(forbidden);
  if (bad) return `${field} "${account}" contains ${JSON.stringify(bad[0])}, which the file format cannot carry`;
  return null;
}
