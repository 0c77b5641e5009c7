/**
 * The ERP import layouts, written as CSV (RFC 4180 quoting, CRLF line ends, UTF-8 without BOM) from
 * the journal entries as they stream past (one deposit in memory at a time), waiting for the file to
 * drain. Every text field is formula-safe. Layouts are documented with examples in docs/erp-layouts.md.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { ContractError, type ExportLayout } from '../../../shared/contract';
import { formatCents } from '../../../shared/money';
import { formatUsDate } from '../../../shared/time';
import { csvQuote, csvText } from './formulaSafe';
import { sides, type JournalEntry } from './journal';

export type CsvLayout = Exclude<ExportLayout, 'xlsx'>;

export interface CsvLayoutSettings {
  clearingAccount: string;
  escapeOrgId: string;
  escapeDeptId: string;
  escapeJeType: string;
}

/** A line of a journal entry with both sides: the clearing debit first, then each account's credit. */
interface Posting {
  entry: JournalEntry;
  account: string;
  description: string;
  debitCents: number;
  creditCents: number;
}

function* postings(entries: Iterable<JournalEntry>, clearingAccount: string): Generator<Posting> {
  for (const entry of entries) {
    const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
    const method = entry.paymentMethod ? ` ${entry.paymentMethod}` : '';
    const deposit = sides(-entry.debitCents);
    yield { entry, account: clearingAccount, description: `Deposit ${entry.batchId} ${payee}${method}`, ...deposit };
    for (const line of entry.lines) {
      yield {
        entry,
        account: line.account,
        description: `${line.label || line.account} - batch ${entry.batchId} ${payee}`,
        ...sides(line.creditCents),
      };
    }
  }
}

/** Fiscal years run July to June and are named by the calendar year they end in: 2025-07-01 is FY 2026. */
export function fiscalYearOf(businessDate: string): number {
  const [year, month] = businessDate.split('-').map(Number) as [number, number];
  return month >= 7 ? year + 1 : year;
}

const amount = (cents: number) => (cents ? formatCents(cents) : '');

type LineWriter = (posting: Posting) => string[];

function layoutOf(layout: CsvLayout, settings: CsvLayoutSettings): { header: string[] | null; line: LineWriter } {
  switch (layout) {
    case 'je-csv':
      return {
        header: ['date', 'account', 'description', 'debit', 'credit'],
        line: (p) => [
          p.entry.date,
          csvText(p.account),
          csvText(p.description),
          amount(p.debitCents),
          amount(p.creditCents),
        ],
      };
    case 'ascender':
      // ASCENDER cash receipts: receipt number, description, account code, amount; credits negative.
      return {
        header: null,
        line: (p) => [
          csvText(p.entry.batchId),
          csvText(p.description),
          csvText(p.account),
          formatCents(p.debitCents - p.creditCents),
        ],
      };
    case 'escape': {
      if (!settings.escapeOrgId.trim()) {
        throw new ContractError(
          'NOT_CONFIGURED',
          'The Escape Online layout needs your Escape organisation id. Set it in Settings (Export), then export again.',
        );
      }
      return {
        header: [
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
        ],
        line: (p) => [
          csvText(settings.escapeOrgId),
          String(fiscalYearOf(p.entry.date)),
          csvText(settings.escapeJeType),
          csvText(settings.escapeDeptId),
          csvText(p.entry.batchId),
          formatUsDate(p.entry.date),
          csvText(p.account),
          formatCents(p.debitCents),
          formatCents(p.creditCents),
          csvText(p.description.slice(0, 60)),
        ],
      };
    }
  }
}

/** Checks the layout can be written with these settings before any file is touched. */
export function assertLayoutReady(layout: CsvLayout, settings: CsvLayoutSettings): void {
  layoutOf(layout, settings);
}

/** Writes the layout to `file` (a temporary path; the caller renames it); returns the lines written. */
export async function writeCsvLayout(
  file: string,
  layout: CsvLayout,
  entries: Iterable<JournalEntry>,
  settings: CsvLayoutSettings,
): Promise<number> {
  const { header, line } = layoutOf(layout, settings);
  const out = createWriteStream(file, { flags: 'w' });
  const failed = once(out, 'error').then(([error]) => {
    throw error;
  });
  failed.catch(() => undefined);
  const write = async (fields: string[]) => {
    if (!out.write(fields.join(',') + '\r\n')) await Promise.race([once(out, 'drain'), failed]);
  };
  let lines = 0;
  if (header) await write(header.map(csvQuote));
  for (const posting of postings(entries, settings.clearingAccount)) {
    await write(line(posting));
    lines++;
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return lines;
}
