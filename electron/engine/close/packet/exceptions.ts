/**
 * The packet's exceptions: what an auditor asks about first. Changes after sign-off, payment writes in
 * doubt, declined and errored sales, deposits the bank credited late (or not yet), refunds made at the
 * service with no reason recorded here, and whatever one person both asked for and approved.
 */
import type { Reversal } from '../../../../shared/domain';
import { formatMoney } from '../../../../shared/money';
import { methodLabel } from '../../../../shared/vocabulary';
import { addDays } from '../../../../shared/time';
import type { MonthFacts } from '../../store/packets';
import type { ExceptionLine, SchoolPacketContent } from './types';

const DAY = (iso: string) => iso.slice(0, 10);

export function exceptionsOf(
  facts: MonthFacts,
  reversals: readonly Reversal[],
  monthEnd: string,
  windowDays: number,
  close: Pick<SchoolPacketContent, 'selfApproved' | 'approver'>,
): ExceptionLine[] {
  const lines: ExceptionLine[] = [];
  for (const review of facts.reviews) {
    if (review.action === 'reopen')
      lines.push({
        kind: 'Changed after sign-off',
        date: DAY(review.at),
        subject: `deposit ${review.batch_id}`,
        detail: review.note ?? 'the service changed it after it was signed off',
      });
  }
  for (const intent of facts.intents) {
    if (intent.state === 'unknown')
      lines.push({
        kind: 'Unknown payment write',
        date: DAY(intent.requested_at),
        subject: `${intent.kind} ${intent.transaction_id ?? intent.id}`,
        detail: `${intent.amount_cents == null ? '' : `${formatMoney(intent.amount_cents)}; `}in doubt, for a person to resolve`,
      });
    if (intent.approved_by && intent.approved_by === intent.requested_by)
      lines.push({
        kind: 'Self-approved',
        date: DAY(intent.approved_at ?? intent.requested_at),
        subject: `${intent.kind} ${intent.transaction_id ?? intent.id}`,
        detail: `requested and approved by ${intent.requested_by}`,
      });
  }
  for (const sale of facts.failedSales) {
    lines.push({
      kind: sale.status === 'Declined' ? 'Declined sale' : 'Errored sale',
      date: sale.business_date,
      subject: `transaction ${sale.id}`,
      detail: `${formatMoney(sale.amount_cents)} ${methodLabel(sale.payment_method)}${sale.status_message ? `: ${sale.status_message}` : ''}`,
    });
  }
  for (const deposit of facts.deposits) {
    const credited = deposit.match?.postedDate ?? null;
    // Calendar days past the matcher's business-day window: a deposit this late is worth a question.
    const due = addDays(deposit.date, windowDays + 2);
    if (credited && credited > due)
      lines.push({
        kind: 'Late deposit',
        date: deposit.date,
        subject: `deposit ${deposit.id}`,
        detail: `credited by the bank on ${credited}`,
      });
    else if (!credited && due < monthEnd && !facts.batchExplanations.some((e) => e.batch_id === deposit.id))
      lines.push({
        kind: 'Late deposit',
        date: deposit.date,
        subject: `deposit ${deposit.id}`,
        detail: 'no bank credit yet',
      });
  }
  for (const reversal of reversals) {
    if (reversal.kind === 'refund' && !facts.refundReasons.get(reversal.transactionId)?.trim())
      lines.push({
        kind: 'Refund without reason',
        date: reversal.date,
        subject: `transaction ${reversal.transactionId}`,
        detail: `${formatMoney(reversal.amountCents)} refunded at the service; no reason recorded here`,
      });
  }
  if (close.selfApproved && close.approver)
    lines.push({
      kind: 'Self-approved',
      date: DAY(close.approver.at),
      subject: 'the month',
      detail: `prepared and closed by ${close.approver.name} alone`,
    });
  return lines.sort(
    (a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind) || a.subject.localeCompare(b.subject),
  );
}
