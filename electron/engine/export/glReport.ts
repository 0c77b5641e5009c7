/** GL batches of a range for the GL Batches view: the rows (up to a limit) and totals over all of them. */
import type { Kysely } from 'kysely';
import type { GlBatchReport } from '../../../shared/contract';
import type { Database } from '../store/schema';
import { countGlRows, streamGlRows, type GlExportFilter } from './glRows';
import { JournalBuilder, UNASSIGNED_ACCOUNT } from './journal';

export async function glBatchReport(db: Kysely<Database>, filter: GlExportFilter, limit: number): Promise<GlBatchReport> {
  const journal = new JournalBuilder();
  const rows: GlBatchReport['rows'] = [];
  const ids = new Map<string, string | null>();
  for await (const row of streamGlRows(db, filter)) {
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
  }
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
  };
}

export { countGlRows };
