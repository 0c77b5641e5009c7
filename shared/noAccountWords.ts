/**
 * Money on no Chart of Accounts account (issue 30 item 2) in words, one line per school or reversal:
 * the engine's refusal, the CLI's warnings and the app say the same.
 */
import type { MoneyWithoutAccount } from './contract/accountMaps';
import type { ReversalKind } from './domain';
import { formatMoney } from './money';

export const REVERSAL_KIND_NAMES: Readonly<Record<ReversalKind, string>> = {
  refund: 'Refund',
  return: 'ACH return',
  void: 'Settled void',
};

const schoolName = (payeeId: number, payeeName: string | null) => payeeName ?? `school ${payeeId}`;

/** One line per school or reversal, for the CLI's warnings and the refusal. */
export function withoutAccountLines(found: MoneyWithoutAccount): string[] {
  return [
    ...found.schools.map(
      (s) =>
        `${schoolName(s.payeeId, s.payeeName)}: ${formatMoney(s.amountCents)} on ${s.rowCount} GL row${s.rowCount === 1 ? '' : 's'} with no Chart of Accounts account`,
    ),
    ...found.reversals.map(
      (r) =>
        `${REVERSAL_KIND_NAMES[r.kind]} of transaction ${r.transactionId} (${schoolName(r.payeeId, r.payeeName)}): ${formatMoney(r.amountCents)} with no account${r.items.length ? ` (items ${r.items.map((i) => `"${i}"`).join(', ')})` : ''}`,
    ),
  ];
}
