/**
 * The month's cash and check deposit slips of a school (store/slips, DESIGN.md §12) as the packet
 * prints them: counted against what the ledger recorded, with the counter's comment.
 */
import { listSlips } from '../../store/slips';
import type { MonthScope } from '../../store/packets';
import type { ReadableDB } from '../../store/work';
import type { DepositSlipInput } from './types';

export async function monthSlips(reader: ReadableDB, scope: MonthScope): Promise<DepositSlipInput[]> {
  const slips = await listSlips(reader, { payeeId: scope.payeeId, from: scope.from, to: scope.to });
  // bigint columns arrive as strings on PostgreSQL.
  return slips.map(({ slip, items }) => ({
    date: slip.business_date,
    slip: slip.id,
    countedBy: slip.counted_by,
    verifiedBy: slip.verified_by,
    cashCents: Number(slip.counted_cash_cents),
    checkCents: Number(slip.counted_checks_cents),
    checkCount: items.filter((item) => item.method === 'PhysicalCheck').length,
    expectedCents: Number(slip.recorded_cash_cents) + Number(slip.recorded_checks_cents),
    comment: slip.comment,
  }));
}
