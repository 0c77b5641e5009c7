/**
 * The workbook, written with exceljs's streaming writer: GL rows go to disk as they are read, so a
 * large range never sits in memory. Sheets: GL Batches, Journal Entry, Summary. The rows are read
 * twice, once per sheet, because the zip holds one sheet after another: holding the journal until
 * the GL sheet was done would keep a line per row in memory. The summary is a few small maps.
 * Amounts are numbers (cents / 100, totals from cents sums) in a currency format, dates are real
 * dates, the header row is frozen, autofilter is on and widths are set. Service text passes through
 * formulaSafe(); no hyperlinks are ever written (every value is a plain string, number or date).
 */
import ExcelJS from 'exceljs';
import { centsToDollars } from '../../../shared/money';
import { formulaSafe } from './formulaSafe';
import type { GlExportRow } from '../store/glRows';
import { ExportSummary, journalEntries, sides } from './journal';
import { letZipCatchUp, ROWS_PER_TURN } from './zipBackpressure';

export const SHEET_NAMES = { gl: 'GL Batches', journal: 'Journal Entry', summary: 'Summary' } as const;
export const CURRENCY_FORMAT = '"$"#,##0.00;[Red]-"$"#,##0.00';
export const DATE_FORMAT = 'mm/dd/yyyy';

export interface WorkbookOptions {
  clearingAccount: string;
  onProgress?: (rows: number) => void;
  /** Rows between progress reports. */
  progressEvery?: number;
}

/** Where the rows come from; read twice (GL Batches, then Journal Entry), the same rows each time. */
export interface GlRowSource {
  rows(): Iterable<GlExportRow>;
}

type Column = { header: string; width: number; money?: boolean; date?: boolean; count?: boolean };

/** A business date as an Excel date: UTC midnight, so the serial is whole whatever the machine's zone. */
export function excelDate(businessDate: string): Date {
  const [y, m, d] = businessDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

const money = (cents: number) => centsToDollars(cents);

/** A business date's Excel date, remembering the last one: rows come ordered by date. */
function excelDates(): (businessDate: string) => Date {
  let lastText = '';
  let last = new Date(0);
  return (businessDate) => {
    if (businessDate !== lastText) {
      lastText = businessDate;
      last = excelDate(businessDate);
    }
    return last;
  };
}

const styleOf = (c: Column): Partial<ExcelJS.Style> =>
  c.money ? { numFmt: CURRENCY_FORMAT } : c.date ? { numFmt: DATE_FORMAT } : c.count ? { numFmt: '0' } : {};

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: Column[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: styleOf(c) }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return sheet;
}

/**
 * Adds and commits a data row whose cells share one style object per column. exceljs gives every
 * cell a fresh copy of its column's style and then works out each copy's style id from scratch (the
 * largest single cost of a big export); a style object it has seen before is looked up instead.
 * Shared objects are safe because data rows never change a cell's style afterwards.
 */
function dataRowWriter(sheet: ExcelJS.Worksheet, columns: Column[]): (values: ExcelJS.CellValue[]) => void {
  const styles = columns.map(styleOf);
  return (values) => {
    const row = sheet.addRow(values);
    styles.forEach((style, index) => {
      row.getCell(index + 1).style = style;
    });
    row.commit();
  };
}

function lastColumnLetter(count: number): string {
  return String.fromCharCode('A'.charCodeAt(0) + count - 1);
}

/** Writes the workbook to `file` (a temporary path; the caller renames it) and returns its totals. */
export async function writeWorkbook(
  file: string,
  source: GlRowSource,
  options: WorkbookOptions,
): Promise<ExportSummary> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
    // Level 1: most of the size saving at a fraction of the default level's time.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'District Recon';
  const summaryTotals = new ExportSummary();
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
  const writeGl = dataRowWriter(gl, glColumns);
  const glDate = excelDates();
  for (const row of source.rows()) {
    summaryTotals.add(row);
    writeGl([
      glDate(row.date),
      formulaSafe(row.batchId),
      formulaSafe(row.payeeName ?? `Payee ${row.payeeId}`),
      formulaSafe(row.paymentMethod ?? ''),
      formulaSafe(row.glBatchId),
      formulaSafe(row.glNumber ?? ''),
      formulaSafe(row.glLabel ?? ''),
      money(row.amountCents),
      money(row.amountWithoutFeesCents),
      row.count,
    ]);
    const written = summaryTotals.totals.rowCount;
    if (options.onProgress && written % every === 0) options.onProgress(written);
    if (written % ROWS_PER_TURN === 0) await letZipCatchUp(gl);
  }
  const { totals } = summaryTotals;
  gl.autoFilter = `A1:${lastColumnLetter(glColumns.length)}${totals.rowCount + 1}`;
  totalRow(
    gl.addRow([
      'Total',
      null,
      null,
      null,
      null,
      null,
      null,
      money(totals.amountCents),
      money(totals.amountWithoutFeesCents),
      totals.count,
    ]),
  );
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
  const writeJe = dataRowWriter(je, journalColumns);
  const jeDate = excelDates();
  let lineCount = 0;
  let debitTotal = 0;
  let creditTotal = 0;
  for (const entry of journalEntries(source.rows())) {
    const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
    const deposit = sides(-entry.debitCents);
    writeJe([
      jeDate(entry.date),
      formulaSafe(entry.batchId),
      formulaSafe(options.clearingAccount),
      formulaSafe(`Deposit ${entry.batchId} ${payee}${entry.paymentMethod ? ` ${entry.paymentMethod}` : ''}`),
      deposit.debitCents ? money(deposit.debitCents) : null,
      deposit.creditCents ? money(deposit.creditCents) : null,
    ]);
    debitTotal += deposit.debitCents;
    creditTotal += deposit.creditCents;
    for (const line of entry.lines) {
      const side = sides(line.creditCents);
      writeJe([
        jeDate(entry.date),
        formulaSafe(entry.batchId),
        formulaSafe(line.account),
        formulaSafe(`${line.label || line.account} - batch ${entry.batchId} ${payee}`),
        side.debitCents ? money(side.debitCents) : null,
        side.creditCents ? money(side.creditCents) : null,
      ]);
      debitTotal += side.debitCents;
      creditTotal += side.creditCents;
    }
    const before = lineCount;
    lineCount += 1 + entry.lines.length;
    if (Math.floor(lineCount / ROWS_PER_TURN) !== Math.floor(before / ROWS_PER_TURN)) await letZipCatchUp(je);
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
  const accounts = summaryTotals.accountTotals();
  for (const a of accounts) {
    summary
      .addRow([
        formulaSafe(a.account),
        formulaSafe(a.label),
        money(a.amountCents),
        money(a.amountWithoutFeesCents),
        a.count,
      ])
      .commit();
  }
  summary.autoFilter = `A1:E${accounts.length + 1}`;
  totalRow(
    summary.addRow(['Total', null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count]),
  );
  summary.addRow([]).commit();
  const payeeHeader = summary.addRow(['Payee', 'Payee name', 'Amount', 'Amount without fees', 'Count']);
  payeeHeader.font = { bold: true };
  payeeHeader.commit();
  for (const p of summaryTotals.payeeTotals()) {
    summary
      .addRow([
        String(p.payeeId),
        formulaSafe(p.payeeName ?? ''),
        money(p.amountCents),
        money(p.amountWithoutFeesCents),
        p.count,
      ])
      .commit();
  }
  totalRow(
    summary.addRow(['Total', null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count]),
  );
  await summary.commit();

  await workbook.commit();
  return summaryTotals;
}

function totalRow(row: ExcelJS.Row): void {
  row.font = { bold: true };
  row.commit();
}
