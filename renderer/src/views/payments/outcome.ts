import type { ActResult } from '../../../../shared/contract';
import { formatMoney } from '../../format';

const DONE_WORDS = { refund: 'Refunded', void: 'Voided', collection: 'Recorded' } as const;

/** What came of a refund, void or collection, in one sentence. */
export function outcomeWords(result: ActResult): string {
  const { intent, preview } = result;
  const amount = formatMoney(preview.amountCents);
  if (!intent) return `${amount}: nothing was sent.`;
  switch (intent.state) {
    case 'done':
      return `${DONE_WORDS[intent.kind]} ${amount}${intent.transactionId !== null ? ` (transaction ${intent.transactionId})` : ''}.${intent.message ? ` ${intent.message}` : ''}`;
    case 'awaiting_approval':
      return `Asked: ${amount} waits for a second approver; nothing was sent yet.`;
    case 'unknown':
      return `In doubt: ${intent.message ?? 'the service did not say whether it happened.'} It is listed under Needs you.`;
    case 'failed':
      return `Not done: ${intent.message ?? 'the service refused it.'}`;
    default:
      return `${amount}: ${intent.state}.`;
  }
}
