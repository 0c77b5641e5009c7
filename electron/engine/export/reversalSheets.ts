/**
 * The workbook's sheets for what went back after the deposits (DESIGN.md §7): `Reversals`, one row per
 * allocated line with the part it reverses (a fallback marked), and, for an ASCENDER export, `ASCENDER
 * receipts`: which receipt number posts which deposit or reversal (the file holds only the number).
 */
import type { Reversal } from '../../../shared/domain';
import { methodLabel } from '../../../shared/vocabulary/methodLabels';
import type { AscenderReceipt } from './erp';
import { formulaSafe } from './formulaSafe';
import { NO_ACCOUNT } from './journal';
import { REVERSAL_KIND_WORDS } from './reversalEntries';
import { excelDates, money, SheetWriter, type Column } from './sheets';
import type { XmlOut } from './workbookPackage';
import { SHARED_COLUMNS } from './sheetColumns';

export const REVERSAL_SHEET_NAMES = { reversals: 'Reversals', receipts: 'ASCENDER receipts' } as const;

export async function writeReversalsSheet(out: XmlOut, reversals: readonly Reversal[]): Promise<void> {
  const columns: Column[] = [
    { header: 'Date seen', width: 12, date: true },
    SHARED_COLUMNS.transaction,
    { header: 'Kind', width: 14 },
    SHARED_COLUMNS.payee,
    SHARED_COLUMNS.paymentMethod,
    { header: 'Original batch', width: 14 },
    { header: 'Original date', width: 13, date: true },
    SHARED_COLUMNS.glNumber,
    SHARED_COLUMNS.glLabel,
    // Money paid back to the payer (a refund, an ACH return, a settled void), so said in its header.
    { ...SHARED_COLUMNS.amount, header: 'Money out' },
    { header: 'Allocated from', width: 20 },
  ];
  const sheet = new SheetWriter(out, columns);
  const seen = excelDates();
  const batched = excelDates();
  let rows = 0;
  let totalCents = 0;
  for (const r of reversals) {
    for (const line of r.lines) {
      await sheet.add([
        seen(r.date),
        String(r.transactionId),
        REVERSAL_KIND_WORDS[r.kind],
        formulaSafe(r.payeeName ?? `Payee ${r.payeeId}`),
        formulaSafe(methodLabel(r.paymentMethod)),
        formulaSafe(r.batchId),
        batched(r.batchDate),
        formulaSafe(line.glNumber ?? NO_ACCOUNT),
        formulaSafe(line.glLabel ?? ''),
        money(line.amountCents),
        line.fallback ? `${line.part} (fallback)` : line.part,
      ]);
      rows += 1;
      totalCents += line.amountCents;
    }
  }
  await sheet.add(['Total', null, null, null, null, null, null, null, null, money(totalCents), null], true);
  await sheet.end(rows);
}

export async function writeReceiptsSheet(
  out: XmlOut,
  receipts: readonly AscenderReceipt[],
  reversals: ReadonlyMap<string, Reversal>,
): Promise<void> {
  const columns: Column[] = [
    { header: 'Receipt', width: 10 },
    { header: 'Posts', width: 12 },
    SHARED_COLUMNS.batch,
    SHARED_COLUMNS.transaction,
    SHARED_COLUMNS.date,
  ];
  const sheet = new SheetWriter(out, columns);
  const dates = excelDates();
  for (const receipt of receipts) {
    const reversal = receipt.kind === 'reversal' ? reversals.get(receipt.reference) : undefined;
    await sheet.add([
      receipt.receipt,
      reversal ? REVERSAL_KIND_WORDS[reversal.kind] : 'Deposit',
      formulaSafe(reversal ? reversal.batchId : receipt.reference),
      reversal ? String(reversal.transactionId) : null,
      dates(receipt.date),
    ]);
  }
  await sheet.end(receipts.length);
}

/** Per Chart of Accounts number: what the period's reversals took back, for the Summary. */
export function reversalsByAccount(reversals: readonly Reversal[]): Map<string, { label: string; cents: number }> {
  const byAccount = new Map<string, { label: string; cents: number }>();
  for (const r of reversals) {
    for (const line of r.lines) {
      const account = line.glNumber ?? NO_ACCOUNT;
      const seen = byAccount.get(account) ?? { label: line.glLabel ?? '', cents: 0 };
      seen.cents += line.amountCents;
      byAccount.set(account, seen);
    }
  }
  return byAccount;
}
