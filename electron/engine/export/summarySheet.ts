/**
 * The workbook's Summary: per Chart of Accounts account what the deposits posted, what the period's
 * reversals took back and the net of the two; what the workbook is (a report or a posting); then per
 * payee. A few small maps, whatever the row count.
 */
import type { Reversal } from '../../../shared/domain';
import { formulaSafe } from './formulaSafe';
import type { ExportSummary } from './journal';
import { reversalsByAccount } from './reversalSheets';
import { money, SheetWriter } from './sheets';
import { SHARED_COLUMNS } from './sheetColumns';
import type { XmlOut } from './workbookPackage';

export async function writeSummarySheet(
  out: XmlOut,
  summaryTotals: ExportSummary,
  reversals: readonly Reversal[],
  purpose: { heading: string; text: string } | undefined,
): Promise<void> {
  const { totals } = summaryTotals;
  const summary = new SheetWriter(out, [
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
    await summary.add([
      formulaSafe(a.account),
      formulaSafe(a.label),
      money(a.amountCents),
      money(a.amountWithoutFeesCents),
      a.count,
      money(a.reversedCents),
      money(a.amountCents - a.reversedCents),
    ]);
  }
  await summary.add(
    [
      'Total',
      null,
      money(totals.amountCents),
      money(totals.amountWithoutFeesCents),
      totals.count,
      money(reversedTotal),
      money(totals.amountCents - reversedTotal),
    ],
    true,
  );
  summary.gap();
  if (purpose) {
    await summary.add([purpose.heading, purpose.text], true);
    summary.gap();
  }
  await summary.add(['Payee', 'Payee name', 'Amount', SHARED_COLUMNS.amountLessFees.header, 'Count'], true);
  for (const p of summaryTotals.payeeTotals()) {
    await summary.add([
      String(p.payeeId),
      formulaSafe(p.payeeName ?? ''),
      money(p.amountCents),
      money(p.amountWithoutFeesCents),
      p.count,
    ]);
  }
  await summary.add(
    ['Total', null, money(totals.amountCents), money(totals.amountWithoutFeesCents), totals.count],
    true,
  );
  // The autofilter covers the accounts only, as it always has.
  await summary.end(accounts.length);
}
