import type { ReviewState, Verdict } from '../../../shared/domain';

const VERDICT_TEXT: Record<Verdict, string> = {
  ties_out: 'Ties out',
  differs: 'Differs',
  incomplete: 'Incomplete',
};

export function verdictText(verdict: Verdict): string {
  return VERDICT_TEXT[verdict];
}

/** The tie-out verdict, in words and colour (the word carries the meaning; colour only helps). */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return <span className={`badge verdict verdict-${verdict}`}>{VERDICT_TEXT[verdict]}</span>;
}

const REVIEW_TEXT: Record<ReviewState, string> = {
  open: 'Open',
  signed_off: 'Signed off',
  reopened: 'Re-opened',
};

export function ReviewBadge({ state }: { state: ReviewState }) {
  return <span className={`badge review review-${state}`}>{REVIEW_TEXT[state]}</span>;
}

export function reviewText(state: ReviewState): string {
  return REVIEW_TEXT[state];
}
