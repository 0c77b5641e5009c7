/**
 * The workbook, written with exceljs's streaming writer: GL rows go to disk as they are read, so a
 * large range never sits in memory. Sheets: GL Batches, Journal Entry, Summary. Amounts are numbers
 * (cents / 100, totals from cents sums) in a currency format, dates are real dates, the header row is
 * frozen, autofilter is on and widths are set. Service text passes through formulaSafe(); no
 * hyperlinks are ever written (every value is a plain string, number or date).
 */
import ExcelJS from 'exceljs';
import { centsToDollars } from '../../../shared/money';
import { formulaSafe } from './formulaSafe';
import type { GlExportRow } from './glRows';
import { JournalBuilder, sides } from './journal';

export const SHEET_NAMES = { gl: 'GL Batches', journal: 'Journal Entry', summary: 'Summary' } as const;
export const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const DATE_FORMAT = 'mm/dd/yyyy';

export interface WorkbookOptions {
  clearingAccount: string;
  onProgress?: (rows: number) => void;
  /** Rows between progress reports. */
  progressEvery?: number;
}

type Column = { header: string; width: number; money?: boolean; date?: boolean; count?: boolean };

/** A business date as an Excel date: UTC midnight, so the serial is whole whatever the machine's zone. */
export function excelDate(businessDate: string): Date {
  const [y, m, d] = businessDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

const money = (cents: number) => centsToDollars(cents);

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: c.money ? { numFmt: CURRENCY_FORMAT } : c.date ? { numFmt: DATE_FORMAT } : c.count ? { numFmt: '0' } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return sheet;
}

function lastColumnLetter(count: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + count - 1);
}

/** Writes the workbook to `file` (a temporary path; the caller renames it) and returns the journal it built. */
export async function writeWorkbook(
  file: string,
  rows: AsyncIterable<GlExportRow>,
  options: WorkbookOptions,
): Promise<JournalBuilder> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
    // Level 1: most of the size saving at a fraction of the default level's time.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'District Recon';
  const journal = new JournalBuilder();
  const every = options.progressEvery ?? 2000;

  const glColumns: Column[] = [
    { header: 'Date', width: 12, date: true },
    { header: 'Batch', width: 14 },
    { header: 'Payee', width: 30 },
    { header: 'Payment method', width: 15 },
    { header: 'GL batch', width: 22 },
    { header: 'Chart of Accounts number', width: 18 },
    { header: 'Chart of Accounts label', width: 32 },
    { header: 'Amount', width: 15, money: true },
    { header: 'Amount without fees', width: 18, money: true },
    { header: 'Count', width: 8, count: true },
  ];
  const gl = addSheet(workbook, SHEET_NAMES.gl, glColumns);
  for await (const row of rows) {
    journal.add(row);
    gl.addRow([
      excelDate(row.date),
      formulaSafe(row.batchId),
      formulaSafe(row.payeeName ?? `Payee ${row.payeeId}`),
      formulaSafe(row.paymentMethod ?? ''),
      formulaSafe(row.glBatchId),
      formulaSafe(row.glNumber ?? ''),
      formulaSafe(row.glLabel ?? ''),
      money(row.amountCents),
      money(row.amountWithoutFeesCents),
      row.count,
    ]).commit();
    if (journal.totals.rowCount % 200 === 0) await new Promise((r) => setImmediate(r));
    if (options.onProgress && journal.totals.rowCount % every === 0) options.onProgress(journal.totals.rowCount);
  }
  const { totals } = journal;
  gl.autoFilter = `A1:${lastColumnLetter(glColumns.length)}${totals.rowCount + 1}`;
  totalRow(gl.addRow(['Total', null, null, null, null, null, null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count]));
  await gl.commit();

  const journalColumns: Column[] = [
    { header: 'Date', width: 12, date: true },
    { header: 'Entry (batch)', width: 14 },
    { header: 'Account', width: 18 },
    { header: 'Description', width: 48 },
    { header: 'Debit', width: 15, money: true },
    { header: 'Credit', width: 15, money: true },
  ];
  const je = addSheet(workbook, SHEET_NAMES.journal, journalColumns);
  let lineCount = 0;
  let debitTotal = 0;
  let creditTotal = 0;
  for (const entry of journal.entries) {
    const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
    const deposit = sides(-entry.debitCents);
    je.addRow([
      excelDate(entry.date),
      formulaSafe(entry.batchId),
      formulaSafe(options.clearingAccount),
      formulaSafe(`Deposit ${entry.batchId} ${payee}${entry.paymentMethod ? ` ${entry.paymentMethod}` : ''}`),
      deposit.debitCents ? money(deposit.debitCents) : null,
      deposit.creditCents ? money(deposit.creditCents) : null,
    ]).commit();
    debitTotal += deposit.debitCents;
    creditTotal += deposit.creditCents;
    for (const line of entry.lines) {
      const side = sides(line.creditCents);
      je.addRow([
        excelDate(entry.date),
        formulaSafe(entry.batchId),
        formulaSafe(line.account),
        formulaSafe(`${line.label || line.account} - batch ${entry.batchId} ${payee}`),
        side.debitCents ? money(side.debitCents) : null,
        side.creditCents ? money(side.creditCents) : null,
      ]).commit();
      debitTotal += side.debitCents;
      creditTotal += side.creditCents;
    }
    lineCount += 1 + entry.lines.length;
  }
  je.autoFilter = `A1:${lastColumnLetter(journalColumns.length)}${lineCount + 1}`;
  totalRow(je.addRow(['Total', null, null, null, money(debitTotal), money(creditTotal)]));
  await je.commit();

  const summary = addSheet(workbook, SHEET_NAMES.summary, [
    { header: 'Chart of Accounts number', width: 24 },
    { header: 'Chart of Accounts label', width: 32 },
    { header: 'Amount', width: 15, money: true },
    { header: 'Amount without fees', width: 18, money: true },
    { header: 'Count', width: 8, count: true },
  ]);
  const accounts = journal.accountTotals();
  for (const a of accounts) {
    summary.addRow([formulaSafe(a.account), formulaSafe(a.label), money(a.amountCents), money(a.amountWithoutFeesCents), a.count]).commit();
  }
  summary.autoFilter = `A1:E${accounts.length + 1}`;
  totalRow(summary.addRow(['Total', null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count]));
  summary.addRow([]).commit();
  const payeeHeader = summary.addRow(['Payee', 'Payee name', 'Amount', 'Amount without fees', 'Count']);
  payeeHeader.font = { bold: true };
  payeeHeader.commit();
  for (const p of journal.payeeTotals()) {
    summary
      .addRow([String(p.payeeId), formulaSafe(p.payeeName ?? ''), money(p.amountCents), money(p.amountWithoutFeesCents), p.count])
      .commit();
  }
  totalRow(summary.addRow(['Total', null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count]));
  await summary.commit();

  await workbook.commit();
  return journal;
}

function totalRow(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.commit();
}
