/** Words for the bank side's states and kinds, and the small pieces every bank screen shows. */
import type { BankExplanationKind, BankLineStatus, BankLineSummary, BankMatchHow } from '../../../../shared/domain';
import { formatCount } from '../../format';

export const BANK_STATUS_LABELS: Record<BankLineStatus, string> = {
  matched: 'Matched',
  suggested: 'Suggested',
  unmatched: 'Unmatched',
  explained: 'Explained',
  possible_duplicate: 'Possible duplicate',
  dropped: 'Dropped duplicate',
  corrected: 'Corrected by the bank',
};

export const MATCH_HOW_LABELS: Record<BankMatchHow, string> = {
  exact: 'deposit total',
  net: 'net of fees (split settlement)',
  lumped: 'several deposits lumped',
  return: 'ACH return',
  manual: 'chosen by hand',
};

export const EXPLANATION_KIND_LABELS: Record<BankExplanationKind, string> = {
  processor_fee: 'Processor fee',
  rounding: 'Rounding',
  cash_over_short: 'Cash over/short',
  nsf: 'NSF (returned for insufficient funds)',
  chargeback: 'Chargeback',
  other: 'Other (say what in the note)',
};

/** The match state in words and colour (the word carries the meaning). */
export function BankStatusBadge({ status }: { status: BankLineStatus }) {
  return <span className={`badge bank-status bank-status-${status}`}>{BANK_STATUS_LABELS[status]}</span>;
}

/** What a line is tied to, in a few words for the list. */
export function matchSummary(line: BankLineSummary): string | null {
  if (line.match) {
    if (line.match.transactionId !== null) return `Return of transaction ${line.match.transactionId}`;
    const ids = line.match.batchIds;
    return ids.length === 1 ? `Batch ${ids[0]}` : `${formatCount(ids.length)} batches: ${ids.join(', ')}`;
  }
  if (line.explanation) return EXPLANATION_KIND_LABELS[line.explanation.kind].replace(/ \(.*\)$/, '');
  if (line.suggestions.length) {
    const n = line.suggestions.length;
    return `${formatCount(n)} ${n === 1 ? 'candidate' : 'candidates'} to confirm`;
  }
  return null;
}

/** Weekdays from `from` to `to` (YYYY-MM-DD), as the engine counts ages; holidays are not known. */
export function businessDaysSince(from: string, to: string): number {
  let days = 0;
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (day < end) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}
