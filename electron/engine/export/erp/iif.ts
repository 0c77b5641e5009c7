/**
 * QuickBooks Desktop IIF, GENERAL JOURNAL, as Intuit's IIF reference for transactions ("Import files
 * can contain information about transactions", QuickBooks in-product help, IIF reference) describes
 * it: header rows `!TRNS`, `!SPL`, `!ENDTRNS` name the columns; each transaction is a TRNS row, its
 * SPL (distribution) rows, then ENDTRNS; TRNSTYPE, ACCNT and AMOUNT are required; ACCNT is the
 * QuickBooks account *name*; debit amounts are positive, credit amounts negative, so each transaction
 * sums to zero. Intuit's "IIF Overview: import kit, sample files, and headers" calls the files ASCII
 * text, tab-separated: text is folded to printable ASCII and holds no tabs.
 *
 * DATE is written mm/dd/yyyy (the reference's example is 1/30/94; a two-digit year is ambiguous and
 * QuickBooks reads four). Account names come from a mapping of Chart of Accounts numbers the
 * bookkeeper keeps in Settings; a number with no name refuses the export, naming it.
 */
import { ContractError } from '../../../../shared/contract';
import { formatCents } from '../../../../shared/money';
import { formatUsDate } from '../../../../shared/time';
import type { ErpEntry } from './entries';
import { accountProblem, asciiFold, fitText } from './fit';
import { fieldsProblem, type FieldRule, type LayoutSpec, type Row } from './layout';

export const IIF_TITLE = 'QuickBooks Desktop IIF (GENERAL JOURNAL)';
export const IIF_TRNSTYPE = 'GENERAL JOURNAL';

export interface IifOptions {
  /** Chart of Accounts number -> QuickBooks account name (sub-accounts as Parent:Child). */
  accountNames: Readonly<Record<string, string>>;
}

const COLUMNS = ['TRNSTYPE', 'DATE', 'ACCNT', 'AMOUNT', 'MEMO'];
export const IIF_HEADER = [['!TRNS', ...COLUMNS], ['!SPL', ...COLUMNS], ['!ENDTRNS']];

// A quote would open a quoted field in QuickBooks' reader; a tab would start the next column.
const MEMO = /^[\x20-\x21\x23-\x7e]*$/;
const RULES: readonly FieldRule[] = [
  { name: 'row type', pattern: /^(TRNS|SPL)$/ },
  { name: 'TRNSTYPE', pattern: new RegExp(`^${IIF_TRNSTYPE}$`) },
  { name: 'DATE', pattern: /^\d{2}\/\d{2}\/\d{4}$/ },
  { name: 'ACCNT', pattern: /^[\x20-\x21\x23-\x7e]+$/ },
  { name: 'AMOUNT', pattern: /^-?\d+\.\d{2}$/ },
  { name: 'MEMO', pattern: MEMO },
];

const memoText = (text: string) => asciiFold(text).replace(/"/g, "'");

export function iifLayout(options: IifOptions): LayoutSpec {
  const names = options.accountNames;
  const nameOf = (account: string): string | undefined =>
    Object.prototype.hasOwnProperty.call(names, account) ? names[account] : undefined;
  return {
    title: IIF_TITLE,
    header: IIF_HEADER,
    partOf: () => '',
    entryProblem(entry) {
      for (const [index, line] of entry.lines.entries()) {
        const name = nameOf(line.account);
        if (name === undefined || !name.trim()) {
          return `line ${index + 1}: Chart of Accounts number "${line.account}" has no QuickBooks account name; add it under Settings (Export), QuickBooks account names`;
        }
      }
      return null;
    },
    render(entry: ErpEntry): Row[] {
      const date = formatUsDate(entry.date);
      const rows: Row[] = entry.lines.map((line, index) => ({
        line: index + 1,
        fields: [
          index === 0 ? 'TRNS' : 'SPL',
          IIF_TRNSTYPE,
          date,
          nameOf(line.account) ?? '',
          formatCents(line.debitCents - line.creditCents),
          // No width is documented for MEMO; it is one line of ASCII, whole.
          fitText(line.description, Number.MAX_SAFE_INTEGER, memoText),
        ],
      }));
      rows.push({ fields: ['ENDTRNS'] });
      return rows;
    },
    rowProblem(fields) {
      if (fields.length === 1 && fields[0] === 'ENDTRNS') return null;
      return accountProblem(fields[3] ?? '', 'ACCNT', null, /[\t"]|[^\x20-\x7e]/) ?? fieldsProblem(fields, RULES);
    },
    encode: (fields) => fields.join('\t'),
    accountAction: 'Correct the QuickBooks account name in Settings (Export) to the name as QuickBooks shows it.',
  };
}

/** Checks every Chart of Accounts number has a name before the export starts. */
export function missingIifNames(accounts: Iterable<string>, options: IifOptions): string[] {
  const missing = new Set<string>();
  for (const account of accounts) {
    const name = Object.prototype.hasOwnProperty.call(options.accountNames, account)
      ? options.accountNames[account]
      : '';
    if (!name?.trim()) missing.add(account);
  }
  return [...missing].sort();
}

export function assertIifReady(options: IifOptions | undefined): IifOptions {
  if (!options || Object.keys(options.accountNames).length === 0) {
    throw new ContractError(
      'NOT_CONFIGURED',
      'The QuickBooks IIF layout needs the QuickBooks account name of each Chart of Accounts number. Add them in Settings (Export), then export again.',
    );
  }
  return options;
}
