/**
 * The workbook, written with exceljs's streaming writer: GL rows go to disk as they are read, so a
 * large range never sits in memory. Sheets: GL Batches, Journal Entry, Summary. The rows are read
 * twice, once per sheet, because the zip holds one sheet after another: holding the journal until
 * the GL sheet was done would keep a line per row in memory. The summary is a few small maps. The
 * period's reversals (refunds, returns, settled voids; a few per period) are held: the `Reversals`
 * sheet, their entries in the journal on their dates, and per account in the summary.
 * Amounts are numbers (cents / 100, totals from cents sums) in a currency format, dates are real
 * dates, the header row is frozen, autofilter is on and widths are set. Service text passes through
 * formulaSafe(); no hyperlinks are ever written (every value is a plain string, number or date).
 */
import type { Reversal } from '../../../shared/domain';
import { methodLabel } from '../../../shared/vocabulary/methodLabels';
import type { AscenderReceipt } from './erp';
import { openTempForWriting } from './exportTarget';
import { formulaSafe } from './formulaSafe';
import type { GlExportRow } from '../store/glBatches';
import { ExportSummary, journalEntries, sides } from './journal';
import { inDateOrderStreamed, reversalJournalEntry, reversalReference, REVERSAL_KIND_WORDS } from './reversalEntries';
import { reversalsByAccount, writeReceiptsSheet, writeReversalsSheet } from './reversalSheets';
import { addSheet, dataSheet, excelDates, lastColumnLetter, money, totalRow, type Column } from './sheets';
import { SHARED_COLUMNS } from './sheetColumns';
import { letZipCatchUp, ROWS_PER_TURN } from './zipBackpressure';

export { CURRENCY_FORMAT, DATE_FORMAT, excelDate } from './sheets';

export const SHEET_NAMES = {
  gl: 'GL Batches',
  reversals: 'Reversals',
  journal: 'Journal Entry',
  summary: 'Summary',
  receipts: 'ASCENDER receipts',
} as const;

export interface WorkbookOptions {
  clearingAccount: string;
  /** The period's reversals, ordered by date. */
  reversals?: readonly Reversal[];
  /** ASCENDER: which receipt posts which deposit or reversal. */
  receipts?: readonly AscenderReceipt[];
  /** Deposits (batch ids) that do not tie out, with why: the GL Batches sheet's "Ties out" column says so. */
  untied?: ReadonlyMap<string, string>;
  /**
   * What the workbook is, said on its Summary between the accounts and the payees: a report (not a
   * posting) or a posting and its export number.
   */
  purpose?: { heading: string; text: string };
  onProgress?: (rows: number) => void;
  /** Rows between progress reports. */
  progressEvery?: number;
}

/** Where the rows come from; read twice (GL Batches, then Journal Entry), the same rows each time. */
export interface GlRowSource {
  rows(): AsyncIterable<GlExportRow>;
}

/** Writes the workbook to `file` (a temporary path; the caller renames it) and returns its totals. */
export async function writeWorkbook(
  file: string,
  source: GlRowSource,
  options: WorkbookOptions,
): Promise<ExportSummary> {
  // Loaded when a workbook is written, not with the engine: exceljs takes ~0.3 s to load, which
  // every CLI command and the app's start paid for nothing.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: openTempForWriting(file),
    useStyles: true,
    useSharedStrings: false,
    // Level 1: most of the size saving at a fraction of the default level's time.
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'District Recon';
  const summaryTotals = new ExportSummary();
  const every = options.progressEvery ?? 2000;

  const glColumns: Column[] = [
    SHARED_COLUMNS.date,
    SHARED_COLUMNS.batch,
    SHARED_COLUMNS.payee,
    SHARED_COLUMNS.paymentMethod,
    { header: 'GL batch', width: 22 },
    SHARED_COLUMNS.glNumber,
    SHARED_COLUMNS.glLabel,
    SHARED_COLUMNS.amount,
    SHARED_COLUMNS.amountLessFees,
    SHARED_COLUMNS.count,
    { header: 'Ties out', width: 40 },
  ];
  const untied = options.untied ?? new Map<string, string>();
  const { sheet: gl, write: writeGl } = dataSheet(workbook, SHEET_NAMES.gl, glColumns);
  const glDate = excelDates();
  for await (const row of source.rows()) {
    summaryTotals.add(row);
    writeGl([
      glDate(row.date),
      formulaSafe(row.batchId),
      formulaSafe(row.payeeName ?? `Payee ${row.payeeId}`),
      formulaSafe(row.paymentMethod ? methodLabel(row.paymentMethod) : ''),
      formulaSafe(row.glBatchId),
      formulaSafe(row.glNumber ?? ''),
      formulaSafe(row.glLabel ?? ''),
      money(row.amountCents),
      money(row.amountWithoutFeesCents),
      row.count,
      formulaSafe(untied.has(row.batchId) ? `No: ${untied.get(row.batchId)}` : 'Yes'),
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

  const reversals = options.reversals ?? [];
  await writeReversalsSheet(workbook, reversals);

  const journalColumns: Column[] = [
    SHARED_COLUMNS.date,
    { header: 'Entry (batch)', width: 14 },
    { header: 'Account', width: 18 },
    { header: 'Description', width: 48 },
    { header: 'Debit', width: 15, money: true },
    { header: 'Credit', width: 15, money: true },
  ];
  const { sheet: je, write: writeJe } = dataSheet(workbook, SHEET_NAMES.journal, journalColumns);
  const jeDate = excelDates();
  let lineCount = 0;
  let debitTotal = 0;
  let creditTotal = 0;
  const writeLine = (
    date: string,
    entry: string,
    account: string,
    description: string,
    debit: number,
    credit: number,
  ) => {
    writeJe([
      jeDate(date),
      formulaSafe(entry),
      formulaSafe(account),
      formulaSafe(description),
      debit ? money(debit) : null,
      credit ? money(credit) : null,
    ]);
    debitTotal += debit;
    creditTotal += credit;
  };
  const dated = inDateOrderStreamed(
    journalEntries(source.rows()),
    (e) => e.date,
    reversals,
    (r) => r.date,
  );
  for await (const { deposit: entry, reversal } of dated) {
    const before = lineCount;
    if (reversal) {
      const posted = reversalJournalEntry(reversal, options.clearingAccount);
      const name = `${REVERSAL_KIND_WORDS[reversal.kind]} ${reversal.transactionId}`;
      for (const line of posted.lines) {
        writeLine(posted.date, name, line.account, line.description, line.debitCents, line.creditCents);
      }
      lineCount += posted.lines.length;
    } else {
      const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
      const deposit = sides(-entry.debitCents);
      const method = entry.paymentMethod ? ` ${methodLabel(entry.paymentMethod)}` : '';
      writeLine(
        entry.date,
        entry.batchId,
        options.clearingAccount,
        `Deposit ${entry.batchId} ${payee}${method}`,
        deposit.debitCents,
        deposit.creditCents,
      );
      for (const line of entry.lines) {
        const side = sides(line.creditCents);
        const description = `${line.label || line.account} - batch ${entry.batchId} ${payee}`;
        writeLine(entry.date, entry.batchId, line.account, description, side.debitCents, side.creditCents);
      }
      lineCount += 1 + entry.lines.length;
      summaryTotals.deposits += 1;
    }
    if (Math.floor(lineCount / ROWS_PER_TURN) !== Math.floor(before / ROWS_PER_TURN)) await letZipCatchUp(je);
  }
  je.autoFilter = `A1:${lastColumnLetter(journalColumns.length)}${lineCount + 1}`;
  totalRow(je.addRow(['Total', null, null, null, money(debitTotal), money(creditTotal)]));
  await je.commit();

  // Per account: what the deposits posted, what the reversals took back, and the net of the two.
  const summary = addSheet(workbook, SHEET_NAMES.summary, [
    { header: 'Chart of Accounts number', width: 24 },
    SHARED_COLUMNS.glLabel,
    { header: 'Deposits', width: 15, money: true },
    SHARED_COLUMNS.amountLessFees,
    SHARED_COLUMNS.count,
    { header: 'Reversals', width: 15, money: true },
    { header: 'Net', width: 15, money: true },
  ]);
  const taken = reversalsByAccount(reversals);
  const accounts = summaryTotals
    .accountTotals()
    .map((a) => ({ ...a, reversedCents: taken.get(a.account)?.cents ?? 0 }));
  for (const [account, { label, cents }] of taken) {
    if (!accounts.some((a) => a.account === account)) {
      accounts.push({ account, label, amountCents: 0, amountWithoutFeesCents: 0, count: 0, reversedCents: cents });
    }
  }
  accounts.sort((a, b) => a.account.localeCompare(b.account, 'en'));
  let reversedTotal = 0;
  for (const a of accounts) {
    reversedTotal += a.reversedCents;
    summary
      .addRow([
        formulaSafe(a.account),
        formulaSafe(a.label),
        money(a.amountCents),
        money(a.amountWithoutFeesCents),
        a.count,
        money(a.reversedCents),
        money(a.amountCents - a.reversedCents),
      ])
      .commit();
  }
  summary.autoFilter = `A1:G${accounts.length + 1}`;
  totalRow(
    summary.addRow([
      'Total',
      null,
      money(totals.amountCents),
      money(totals.amountWithoutFeesCents),
      totals.count,
      money(reversedTotal),
      money(totals.amountCents - reversedTotal),
    ]),
  );
  summary.addRow([]).commit();
  if (options.purpose) {
    const said = summary.addRow([options.purpose.heading, options.purpose.text]);
    said.font = { bold: true };
    said.commit();
    summary.addRow([]).commit();
  }
  const payeeHeader = summary.addRow(['Payee', 'Payee name', 'Amount', SHARED_COLUMNS.amountLessFees.header, 'Count']);
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

  if (options.receipts?.length) {
    const byReference = new Map(reversals.map((r) => [reversalReference(r), r]));
    await writeReceiptsSheet(workbook, options.receipts, byReference);
  }

  await workbook.commit();
  return summaryTotals;
}
