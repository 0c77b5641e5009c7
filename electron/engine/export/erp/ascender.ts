/**
 * ASCENDER (Texas Computer Cooperative), Finance > Utilities > Import Cash Receipt Transactions, laid out
 * as its help page "Import Cash Receipt Transactions File Layout" says: comma-delimited with no commas
 * inside a field; seven fields of at most 6, 30, 20, 11, 4, 2 and 30 characters (cash receipt number,
 * its description, account code, amount, contra offset object, contra offset sub-object, source /
 * description); decimal point written (67.89), credits start with a minus sign, an amount with no data
 * is empty, never zero. Date and accounting period are chosen at import, so none is written.
 *
 * The cash side is not written as a line. ASCENDER's Cash Receipt page ("Account Code" help): the
 * contra account is set automatically to the same fund and fiscal year as the account code, with the
 * object/sub-object from Finance > Tables > District Finance Options > Clearing Fund Maintenance
 * (Finance Automatic Posting Defaults); a contra typed by hand needs function 00 and object 11XX, 181X
 * or 191X. So each receipt lists its revenue lines, and the contra offset fields carry the cash
 * object/sub-object when Settings give one (blank: the district's default).
 *
 * Receipt numbers are six characters and our batch ids are longer, so receipts are numbered from a
 * sequence (zero-filled, as ASCENDER's own receipt field fills them) and the writer returns which
 * receipt is which batch or reversal.
 */
import { ContractError } from '../../../../shared/contract';
import { formatCents } from '../../../../shared/money';
import type { ErpEntry } from './entries';
import { accountProblem, asciiFold, fitText } from './fit';
import { fieldsProblem, type FieldRule, type LayoutSpec, type Row } from './layout';

export const ASCENDER_TITLE = 'ASCENDER Import Cash Receipt Transactions';
export const MAX_RECEIPT = 999_999;

export interface AscenderOptions {
  /** The first receipt number of this export; the caller stores `nextReceipt` for the next one. */
  receiptStart: number;
  /** Cash object for the contra offset (11XX, 181X or 191X), or blank for the district default. */
  contraObject: string;
  contraSubObject: string;
}

/** A comma would split the field; a quote could start a quoted field in a reader that honours them. */
const NOT_IN_FIELD = /[,"]/;
const TEXT = /^[\x20-\x7e]*$/;

const RULES: readonly FieldRule[] = [
  { name: 'Cash Receipt Number', pattern: /^[0-9A-Za-z]{6}$/ },
  { name: 'Cash Receipt Number Description', max: 30, pattern: TEXT, forbidden: NOT_IN_FIELD },
  { name: 'Account Code', max: 20, pattern: /^[\x21-\x7e]+$/, forbidden: NOT_IN_FIELD },
  // Eleven characters with two decimals: 99999999.99 at most; the sign is not counted.
  { name: 'Cash Receipt Amount', pattern: /^(-?\d{1,8}\.\d{2})?$/ },
  { name: 'Contra Offset Object', pattern: /^(|11\d\d|181\d|191\d)$/ },
  { name: 'Contra Offset Sub Object', pattern: /^(|[0-9A-Za-z]{2})$/ },
  { name: 'Cash Receipt Source/Description', max: 30, pattern: TEXT, forbidden: NOT_IN_FIELD },
];

const asciiText = (text: string) => asciiFold(text).replace(/,/g, ' ').replace(/"/g, "'");

export const receiptNumber = (n: number): string => String(n).padStart(6, '0');

export function ascenderLayout(options: AscenderOptions): LayoutSpec {
  const { receiptStart, contraObject, contraSubObject } = options;
  if (!Number.isSafeInteger(receiptStart) || receiptStart < 1 || receiptStart > MAX_RECEIPT) {
    throw new ContractError(
      'NOT_CONFIGURED',
      `ASCENDER receipt numbers are 1 to ${MAX_RECEIPT}; the next receipt number in Settings (Export) is ${receiptStart}. Set it, then export again.`,
    );
  }
  if (!RULES[4]!.pattern!.test(contraObject) || !RULES[5]!.pattern!.test(contraSubObject)) {
    throw new ContractError(
      'NOT_CONFIGURED',
      `The ASCENDER contra offset in Settings (Export) is "${contraObject}"/"${contraSubObject}": the object must be 11XX, 181X or 191X and the sub-object two characters, or both blank for the district's Clearing Fund default.`,
    );
  }
  return {
    title: ASCENDER_TITLE,
    header: [],
    partOf: () => '',
    entryProblem(entry, ordinal) {
      if (receiptStart + ordinal > MAX_RECEIPT) {
        return `receipt number ${receiptStart + ordinal} would pass ${MAX_RECEIPT}; set the next receipt number in Settings (Export)`;
      }
      if (!entry.lines.some((line) => !line.clearing)) return 'the entry has no account line besides the deposit side';
      return null;
    },
    render(entry: ErpEntry, ordinal: number): Row[] {
      const receipt = receiptNumber(receiptStart + ordinal);
      const description = fitText(entry.description, 30, asciiText);
      const rows: Row[] = [];
      entry.lines.forEach((line, index) => {
        if (line.clearing) return;
        const cents = line.debitCents - line.creditCents;
        rows.push({
          line: index + 1,
          fields: [
            receipt,
            description,
            line.account,
            cents === 0 ? '' : formatCents(cents),
            contraObject,
            contraSubObject,
            // The reference leads so a cut to 30 characters keeps it.
            fitText(`${line.sourceRef} ${line.description}`, 30, asciiText),
          ],
        });
      });
      return rows;
    },
    rowProblem(fields) {
      return accountProblem(fields[2] ?? '', 'Account Code', 20, /[\s,"]|[^\x21-\x7e]/) ?? fieldsProblem(fields, RULES);
    },
    encode: (fields) => fields.join(','),
    accountAction:
      'Give the Chart of Accounts number its ASCENDER account code (fund-function-object-..., at most 20 characters with no commas or spaces) in Settings > ERP account codes, or with export gl --account-map FILE.csv.',
  };
}

/** Receipt number -> what it posts, for the registry and the workbook. */
export interface AscenderReceipt {
  receipt: string;
  kind: ErpEntry['kind'];
  reference: string;
  date: string;
}

export function ascenderReceipt(entry: ErpEntry, ordinal: number, receiptStart: number): AscenderReceipt {
  return {
    receipt: receiptNumber(receiptStart + ordinal),
    kind: entry.kind,
    reference: entry.reference,
    date: entry.date,
  };
}
