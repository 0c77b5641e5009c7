/**
 * Escape Online, System > Utilities, Finance > Journal Entry Import, as the FYI "Importing Journal Entries
 * into Escape Online" lays it out: a comma-delimited file (Excel's "CSV" save is the suggested way to
 * make one, so RFC 4180 quoting is what the import expects) of OrgId, FiscalYear (4 digits), JEType
 * (8: County, General, BudOrig, BudRev, Encumber, Expense, AP, CashRec, Stores, Accrual, Payroll),
 * DeptId (8: must be Business unless the JE type is General), BatchId (12), DateEffective
 * (mm/dd/yyyy), Account (up to 60, left-justified, with its delimiters), AmtDR, AmtCR, Comment
 * (optional; the FYI gives it no width, we cut it to 60).
 *
 * "All line items in the file are imported as ONE journal entry", with one batch id and one effective
 * date, and Escape "will automatically balance the journal entry". One file per export would post a
 * month of deposits and refunds under one date and let Escape plug any difference; one file per
 * deposit would be hundreds of imports a month. So an export is a zip of one file per Central business
 * date: each is one balanced entry dated the day its money moved, the day's deposits and reversals as
 * its lines, each line's Comment naming its batch or transaction. Escape never has anything to plug.
 */
import { ContractError } from '../../../../shared/contract';
import { formatCents } from '../../../../shared/money';
import { formatUsDate } from '../../../../shared/time';
import { ESCAPE_JE_TYPES, type EscapeJeType } from '../../../../shared/domain';
import { csvQuote } from '../formulaSafe';
import type { ErpEntry } from './entries';
import { accountProblem, fitText } from './fit';
import { fieldsProblem, type FieldRule, type LayoutSpec, type Row } from './layout';

export const ESCAPE_TITLE = 'Escape Online Journal Entry Import';

export { ESCAPE_JE_TYPES, type EscapeJeType };
export const DEFAULT_ESCAPE_JE_TYPE: EscapeJeType = 'CashRec';
/** The department every JE type but General must carry. */
export const ESCAPE_BUSINESS_DEPT = 'Business';

export interface EscapeOptions {
  orgId: string;
  jeType: string;
  /** Used only for General entries; every other type is written with department Business. */
  deptId: string;
}

export const ESCAPE_HEADER = [
  'OrgId',
  'FiscalYear',
  'JEType',
  'DeptId',
  'BatchId',
  'DateEffective',
  'Account',
  'AmtDR',
  'AmtCR',
  'Comment',
];

/** Fiscal years run July to June and are named by the calendar year they end in: 2025-07-01 is FY 2026. */
export function fiscalYearOf(businessDate: string): number {
  const [year, month] = businessDate.split('-').map(Number) as [number, number];
  return month >= 7 ? year + 1 : year;
}

/** One entry per business date: its batch id says where it came from and which day. */
export const escapeBatchId = (date: string): string => `DR${date.replace(/-/g, '')}`;
export const escapeFileName = (date: string): string => `escape-je-${date}.csv`;

const isJeType = (value: string): value is EscapeJeType => (ESCAPE_JE_TYPES as readonly string[]).includes(value);

export function escapeLayout(options: EscapeOptions): LayoutSpec {
  const orgId = options.orgId.trim();
  if (!orgId) {
    throw new ContractError(
      'NOT_CONFIGURED',
      'The Escape Online layout needs your Escape organisation id. Set it in Settings (Export), then export again.',
    );
  }
  if (!isJeType(options.jeType)) {
    throw new ContractError(
      'NOT_CONFIGURED',
      `Escape Online does not accept the JE type "${options.jeType}"; it accepts ${ESCAPE_JE_TYPES.join(', ')}. Set the JE type in Settings (Export) (${DEFAULT_ESCAPE_JE_TYPE} for cash receipts), then export again.`,
    );
  }
  const jeType = options.jeType;
  const deptId = jeType === 'General' ? options.deptId.trim() : ESCAPE_BUSINESS_DEPT;
  const rules: readonly FieldRule[] = [
    { name: 'OrgId', pattern: /^[0-9A-Za-z][0-9A-Za-z_.]*$/ },
    { name: 'FiscalYear', pattern: /^\d{4}$/ },
    { name: 'JEType', max: 8, pattern: new RegExp(`^(${ESCAPE_JE_TYPES.join('|')})$`) },
    {
      name: 'DeptId',
      max: 8,
      pattern: jeType === 'General' ? /^[0-9A-Za-z][0-9A-Za-z_.]*$/ : new RegExp(`^${ESCAPE_BUSINESS_DEPT}$`),
    },
    { name: 'BatchId', max: 12, pattern: /^[0-9A-Za-z]+$/ },
    { name: 'DateEffective', pattern: /^\d{2}\/\d{2}\/\d{4}$/ },
    { name: 'Account', max: 60 },
    { name: 'AmtDR', pattern: /^\d+\.\d{2}$/ },
    { name: 'AmtCR', pattern: /^\d+\.\d{2}$/ },
    // eslint-disable-next-line no-control-regex
    { name: 'Comment', max: 60, forbidden: /[\u0000-\u001f]/ },
  ];
  const ready = fieldsProblem([orgId, '2026', jeType, deptId, 'X', '01/01/2026', 'X', '0.00', '0.00', ''], rules);
  if (ready) {
    throw new ContractError(
      'NOT_CONFIGURED',
      `The Escape Online settings cannot be written: ${ready}. Fix it in Settings (Export), then export again.`,
    );
  }
  return {
    title: ESCAPE_TITLE,
    header: [ESCAPE_HEADER],
    partOf: (entry) => escapeFileName(entry.date),
    entryProblem: () => null,
    render(entry: ErpEntry): Row[] {
      const fixed = [
        orgId,
        String(fiscalYearOf(entry.date)),
        jeType,
        deptId,
        escapeBatchId(entry.date),
        formatUsDate(entry.date),
      ];
      return entry.lines.map((line, index) => ({
        line: index + 1,
        fields: [
          ...fixed,
          line.account,
          formatCents(line.debitCents),
          formatCents(line.creditCents),
          fitText(line.description, 60),
        ],
      }));
    },
    rowProblem(fields) {
      return accountProblem(fields[6] ?? '', 'Account', 60, /[,"]/) ?? fieldsProblem(fields, rules);
    },
    encode: (fields) => fields.map(csvQuote).join(','),
    accountAction:
      'Give the Chart of Accounts number its Escape account (with its delimiters, at most 60 characters) in Settings > ERP account codes, or with export gl --account-map FILE.csv.',
  };
}
