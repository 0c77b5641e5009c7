/**
 * The generic journal-entry CSV (ours, for ERPs that map columns at import): date (YYYY-MM-DD), account,
 * description, debit, credit, with a header row; RFC 4180 quoting; the unused side empty. Unchanged
 * from before reversals, so existing import mappings keep working. Unlike the vendor layouts, an
 * account starting with = + - @ is neutralised (a visible apostrophe) rather than refused: this file
 * is read by people and column-mapping imports, which can see and strip it.
 */
import { formatCents } from '../../../../shared/money';
import { csvQuote, formulaSafe } from '../formulaSafe';
import type { ErpEntry } from './entries';
import { fitText } from './fit';
import { fieldsProblem, type FieldRule, type LayoutSpec, type Row } from './layout';

export const JE_CSV_TITLE = 'Generic journal entry CSV';
export const JE_CSV_HEADER = ['date', 'account', 'description', 'debit', 'credit'];

const amount = (cents: number) => (cents ? formatCents(cents) : '');
const AMOUNT = /^(\d+\.\d{2})?$/;
const RULES: readonly FieldRule[] = [
  { name: 'date', pattern: /^\d{4}-\d{2}-\d{2}$/ },
  { name: 'account', pattern: /[\s\S]/ },
  { name: 'description' },
  { name: 'debit', pattern: AMOUNT },
  { name: 'credit', pattern: AMOUNT },
];

export function jeCsvLayout(): LayoutSpec {
  return {
    title: JE_CSV_TITLE,
    header: [JE_CSV_HEADER],
    partOf: () => '',
    entryProblem: () => null,
    render(entry: ErpEntry): Row[] {
      return entry.lines.map((line, index) => ({
        line: index + 1,
        fields: [
          entry.date,
          formulaSafe(line.account),
          fitText(line.description, Number.MAX_SAFE_INTEGER),
          amount(line.debitCents),
          amount(line.creditCents),
        ],
      }));
    },
    rowProblem: (fields) => fieldsProblem(fields, RULES),
    encode: (fields) => fields.map(csvQuote).join(','),
    accountAction: 'Correct the Chart of Accounts number upstream.',
  };
}
