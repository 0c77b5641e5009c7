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

/**
 * How many deposits do not tie out, by why, most serious first: "2 differ, 1 not synced, 106 not
 * signed off". A month's posting can hold a hundred unsigned deposits; the count is what is read first.
 */
export function untiedSummary(deposits: readonly Pick<UntiedDeposit, 'reason'>[]): string {
  const count = (reason: UntiedDeposit['reason']) => deposits.filter((d) => d.reason === reason).length;
  const parts = [
    [count('differs'), 'differ', 'differs'],
    [count('not_synced'), 'not synced', 'not synced'],
    [count('not_signed_off'), 'not signed off', 'not signed off'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, many, one]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

/** The deposits a person should read first: those that differ or are not synced, then the rest. */
export function untiedBySeriousness<T extends Pick<UntiedDeposit, 'reason'>>(deposits: readonly T[]): T[] {
  const rank = { differs: 0, not_synced: 1, not_signed_off: 2 } as const;
  return [...deposits].sort((a, b) => rank[a.reason] - rank[b.reason]);
}
