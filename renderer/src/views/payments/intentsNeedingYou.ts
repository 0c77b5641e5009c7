import type { IntentState, PaymentIntent } from '../../../../shared/contract';
import { formatCount } from '../../format';
import { hrefFor } from '../../routes';
import type { ActionItem } from '../overview/needsYouItems';

/** Mirrors the engine's act/stuck.ts: no step of a live send leaves an intent unchanged this long. */
export const STUCK_AFTER_MS = 5 * 60_000;

export const OPEN_INTENT_STATES: readonly IntentState[] = ['unknown', 'sending', 'awaiting_approval'];

export function isStuck(intent: Pick<PaymentIntent, 'state' | 'updatedAt'>, now: number): boolean {
  return intent.state === 'sending' && now - Date.parse(intent.updatedAt) > STUCK_AFTER_MS;
}

/** What "Needs you" counts: writes in doubt and writes stuck while sending (a person resolves them). */
export function needingYou(intents: readonly PaymentIntent[], now: number): { unknown: number; stuck: number } {
  return {
    unknown: intents.filter((intent) => intent.state === 'unknown').length,
    stuck: intents.filter((intent) => isStuck(intent, now)).length,
  };
}

/** The "Needs you" line for payment writes a person must resolve, or null when there are none. */
export function paymentItem(intents: readonly PaymentIntent[], now: number): (ActionItem & { count: number }) | null {
  const { unknown, stuck } = needingYou(intents, now);
  const count = unknown + stuck;
  if (count === 0) return null;
  return {
    id: 'payments',
    count,
    title: `${formatCount(count)} ${count === 1 ? 'payment write' : 'payment writes'} to resolve`,
    detail: [
      unknown ? `${formatCount(unknown)} in doubt` : '',
      stuck ? `${formatCount(stuck)} stuck while sending` : '',
    ]
      .filter(Boolean)
      .join(', '),
    href: hrefFor('payments'),
    links: [],
    more: 0,
  };
}
