/**
 * GL batches of a range for the GL Batches view: the rows and the reversals of the range (each up to
 * a limit) and totals over all of them, read on the engine's read handle.
 */
import type { GlBatchReport } from '../../../shared/contract';
import { glRowsOf, type GlExportFilter } from '../store/glBatches';
import { openGlSnapshot } from '../store/exports';
import type { ReadableDB } from '../store/work';
import { reversalsInRange } from '../reconcile/reversals';
import { ExportSummary, NO_ACCOUNT } from './journal';

export async function glBatchReport(reader: ReadableDB, filter: GlExportFilter, limit: number): Promise<GlBatchReport> {
  const journal = new ExportSummary();
  const rows: GlBatchReport['rows'] = [];
  const ids = new Map<string, string | null>();
  const deposits = new Set<string>();
  // Streamed from a snapshot of its own: a chunk at a time, without holding the reader's connection.
  const snapshot = await openGlSnapshot({ reader });
  try {
    for await (const row of (await glRowsOf(snapshot.source, filter)).rows()) {
      journal.add(row);
      if (rows.length < limit) {
        rows.push({
          glBatchId: row.glBatchId,
          date: row.date,
          batchId: row.batchId,
          payeeId: row.payeeId,
          glAccountId: row.glAccountId,
          glNumber: row.glNumber,
          glLabel: row.glLabel,
          amountCents: row.amountCents,
          amountWithoutFeesCents: row.amountWithoutFeesCents,
          count: row.count,
        });
      }
      ids.set(row.glNumber ?? '', row.glAccountId);
      deposits.add(row.batchId);
    }
  } finally {
    await snapshot.close();
  }
  const reversals = await reversalsInRange(reader, filter);
  const total = journal.totals;
  return {
    rows,
    byAccount: journal.accountTotals().map((a) => ({
      glAccountId: ids.get(a.account === NO_ACCOUNT ? '' : a.account) ?? null,
      glNumber: a.account === NO_ACCOUNT ? null : a.account,
      glLabel: a.label || null,
      amountCents: a.amountCents,
      amountWithoutFeesCents: a.amountWithoutFeesCents,
      count: a.count,
    })),
    totalCents: total.amountCents,
    totalWithoutFeesCents: total.amountWithoutFeesCents,
    rowCount: total.rowCount,
    truncated: total.rowCount > rows.length,
    depositCount: deposits.size,
    reversals: reversals.slice(0, limit),
    reversalCount: reversals.length,
    reversalTotalCents: reversals.reduce((sum, r) => sum + r.amountCents, 0),
  };
}
