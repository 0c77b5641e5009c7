/**
 * GL batches of a range for the GL Batches view: the rows (up to a limit) and totals over all of
 * them. On SQLite the rows and the reversals are read in one synchronous pass on the engine's read
 * connection (reversalsInRange runs its unit before its first await), so no separate snapshot is needed.
 */
import type { GlBatchReport } from '../../../shared/contract';
import { GlRowReader, type GlExportFilter } from '../store/glRows';
import type { ReadableDB } from '../store/handles';
import { reversalsInRange } from '../reconcile/reversals';
import { ExportSummary, UNASSIGNED_ACCOUNT } from './journal';

export async function glBatchReport(reader: ReadableDB, filter: GlExportFilter, limit: number): Promise<GlBatchReport> {
  const journal = new ExportSummary();
  const rows: GlBatchReport['rows'] = [];
  const ids = new Map<string, string | null>();
  const deposits = new Set<string>();
  for (const row of new GlRowReader(reader.db, reader.sqlite).rows(filter)) {
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
  const reversals = await reversalsInRange(reader, filter);
  const total = journal.totals;
  return {
    rows,
    byAccount: journal.accountTotals().map((a) => ({
      glAccountId: ids.get(a.account === UNASSIGNED_ACCOUNT ? '' : a.account) ?? null,
      glNumber: a.account === UNASSIGNED_ACCOUNT ? null : a.account,
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
    reversals,
    reversalTotalCents: reversals.reduce((sum, r) => sum + r.amountCents, 0),
  };
}
