/** Words for a deposit that does not tie out, alike in the CLI's warnings, the workbook and the dialog. */
import type { UntiedDeposit } from './contract/results';
import { formatMoney } from './money';

export function untiedReasonWords(deposit: Pick<UntiedDeposit, 'reason' | 'differenceCents'>): string {
  switch (deposit.reason) {
    case 'not_synced':
      return 'its transactions or GL rows have not all come from the service';
    case 'differs':
      return `it differs by ${formatMoney(Math.abs(deposit.differenceCents))}`;
    case 'not_signed_off':
      return 'it ties out but is not signed off';
  }
}

/** One line naming the deposit and why: "deposit 900001 of 2026-03-02 (Lincoln High Athletics): it differs by $1.00". */
export function untiedLine(deposit: UntiedDeposit): string {
  const payee = deposit.payeeName ?? `payee ${deposit.payeeId}`;
  return `deposit ${deposit.batchId} of ${deposit.date} (${payee}): ${untiedReasonWords(deposit)}`;
}
