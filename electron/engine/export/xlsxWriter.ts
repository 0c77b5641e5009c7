/**
 * The workbook, its sheets' XML written as the GL rows are read (sheetXml.ts, workbookPackage.ts), so
 * a large range never sits in memory. Sheets: GL Batches, Reversals, Journal Entry, Summary (and
 * ASCENDER's receipts). The rows are read once: each goes to the GL Batches sheet in the zip and
 * into its deposit's journal entry, whose lines go to a scratch file beside the workbook, since the
 * zip holds one sheet after another; the scratch file becomes the Journal Entry sheet once the GL
 * sheet is done. (exceljs wrote this workbook until issue 31: its cell objects and reading the rows
 * twice were most of a 1M-row export's 50 s and 370 MB.) The summary is a few small maps. The
 * period's reversals (refunds, returns, settled voids; a few per period) are held: the `Reversals`
 * sheet, their entries in the journal on their dates, and per account in the summary.
 * Amounts are numbers (cents / 100, totals from cents sums) in a currency format, dates are real
 * dates, the header row is frozen, autofilter is on and widths are set. Service text passes through
 * formulaSafe(); no hyperlinks are ever written (every value is a plain string, number or date).
 */
import type { Reversal } from '../../../shared/domain';
import { methodLabel } from '../../../shared/vocabulary/methodLabels';
import type { AscenderReceipt } from './erp';
import { rm } from 'node:fs/promises';
import { openTempForWriting } from './exportTarget';
import { formulaSafe } from './formulaSafe';
import type { GlExportRow } from '../store/glBatches';
import { ExportSummary, journalEntries, sides } from './journal';
import { inDateOrderStreamed, reversalJournalEntry, reversalReference, REVERSAL_KIND_WORDS } from './reversalEntries';
import { writeReceiptsSheet, writeReversalsSheet } from './reversalSheets';
import { excelDates, money, SheetWriter, type Column } from './sheets';
import { SHARED_COLUMNS } from './sheetColumns';
import { writeSummarySheet } from './summarySheet';
import { WorkbookPackage, XmlOut } from './workbookPackage';

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
  /**
   * Where the Journal Entry sheet is written while the rows are read (removed at the end): a
   * temporary name beside the workbook's, so an export killed part way leaves nothing recovery does
   * not remove. Default: the workbook's temporary name + `.journal.tmp`.
   */
  scratchFile?: string;
  /** ISO-8601 UTC, the workbook's creation time in its properties; default now. */
  createdAt?: string;
  /** Rows between progress reports. */
  progressEvery?: number;
}

/** Where the rows come from, ordered by date then batch; read once. */
export interface GlRowSource {
  rows(): AsyncIterable<GlExportRow>;
}

/** Writes the workbook to `file` (a temporary path; the caller renames it) and returns its totals. */
export async function writeWorkbook(
  file: string,
  source: GlRowSource,
  options: WorkbookOptions,
): Promise<ExportSummary> {
  const sheetNames: string[] = [SHEET_NAMES.gl, SHEET_NAMES.reversals, SHEET_NAMES.journal, SHEET_NAMES.summary];
  if (options.receipts?.length) sheetNames.push(SHEET_NAMES.receipts);
  const scratch = options.scratchFile ?? `${file}.journal.tmp`;
  const workbook = new WorkbookPackage(file, sheetNames);
  try {
    const summaryTotals = new ExportSummary();
    const reversals = options.reversals ?? [];
    await writeGlAndJournal(workbook, scratch, source, summaryTotals, options);
    await writeReversalsSheet(workbook.sheet(), reversals);
    workbook.sheetFromFile(scratch);
    await writeSummarySheet(workbook.sheet(), summaryTotals, reversals, options.purpose);
    if (options.receipts?.length) {
      const byReference = new Map(reversals.map((r) => [reversalReference(r), r]));
      await writeReceiptsSheet(workbook.sheet(), options.receipts, byReference);
    }
    await workbook.finish(options.createdAt ?? new Date().toISOString());
    return summaryTotals;
  } catch (error) {
    workbook.abort();
    throw error;
  } finally {
    await rm(scratch, { force: true });
  }
}

const GL_COLUMNS: Column[] = [
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

const JOURNAL_COLUMNS: Column[] = [
  SHARED_COLUMNS.date,
  { header: 'Entry (batch)', width: 14 },
  { header: 'Account', width: 18 },
  { header: 'Description', width: 48 },
  { header: 'Debit', width: 15, money: true },
  { header: 'Credit', width: 15, money: true },
];

/**
 * The one read of the rows: each row to the GL Batches sheet (the workbook's first, in the zip as it
 * is written) and into the journal, whose sheet goes to `scratch` (complete when this returns).
 */
async function writeGlAndJournal(
  workbook: WorkbookPackage,
  scratch: string,
  source: GlRowSource,
  summaryTotals: ExportSummary,
  options: WorkbookOptions,
): Promise<void> {
  const every = options.progressEvery ?? 2000;
  const untied = options.untied ?? new Map<string, string>();
  const gl = new SheetWriter(workbook.sheet(), GL_COLUMNS);
  const journalFile = openTempForWriting(scratch);
  journalFile.once('error', (error) => workbook.failure.fail(error));
  const je = new SheetWriter(new XmlOut(journalFile, workbook.failure), JOURNAL_COLUMNS);
  try {
    const glDate = excelDates();
    async function* rowsWrittenToGl(): AsyncGenerator<GlExportRow> {
      for await (const row of source.rows()) {
        summaryTotals.add(row);
        const full = gl.add([
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
        if (full) await full;
        const written = summaryTotals.totals.rowCount;
        if (options.onProgress && written % every === 0) options.onProgress(written);
        yield row;
      }
    }

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
      debitTotal += debit;
      creditTotal += credit;
      lineCount += 1;
      return je.add([
        jeDate(date),
        formulaSafe(entry),
        formulaSafe(account),
        formulaSafe(description),
        debit ? money(debit) : null,
        credit ? money(credit) : null,
      ]);
    };
    const dated = inDateOrderStreamed(
      journalEntries(rowsWrittenToGl()),
      (e) => e.date,
      options.reversals ?? [],
      (r) => r.date,
    );
    for await (const { deposit: entry, reversal } of dated) {
      if (reversal) {
        const posted = reversalJournalEntry(reversal, options.clearingAccount);
        const name = `${REVERSAL_KIND_WORDS[reversal.kind]} ${reversal.transactionId}`;
        for (const line of posted.lines) {
          const full = writeLine(posted.date, name, line.account, line.description, line.debitCents, line.creditCents);
          if (full) await full;
        }
      } else {
        const payee = entry.payeeName ?? `Payee ${entry.payeeId}`;
        const deposit = sides(-entry.debitCents);
        const method = entry.paymentMethod ? ` ${methodLabel(entry.paymentMethod)}` : '';
        let full = writeLine(
          entry.date,
          entry.batchId,
          options.clearingAccount,
          `Deposit ${entry.batchId} ${payee}${method}`,
          deposit.debitCents,
          deposit.creditCents,
        );
        if (full) await full;
        for (const line of entry.lines) {
          const side = sides(line.creditCents);
          const description = `${line.label || line.account} - batch ${entry.batchId} ${payee}`;
          full = writeLine(entry.date, entry.batchId, line.account, description, side.debitCents, side.creditCents);
          if (full) await full;
        }
        summaryTotals.deposits += 1;
      }
    }
    const { totals } = summaryTotals;
    await gl.add(
      [
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
      ],
      true,
    );
    await gl.end(totals.rowCount);
    await je.add(['Total', null, null, null, money(debitTotal), money(creditTotal)], true);
    await je.end(lineCount);
  } finally {
    journalFile.destroy();
  }
}
