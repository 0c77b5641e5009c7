/**
 * What the service would refuse of a refund or void, refused here first, in one line, with nothing
 * sent (DESIGN.md §12 step 1): void only while Pending, refund only after it settled, never more than
 * is left (amount - amount_refunded), never zero, and item refunds within each item's amount. The
 * amount we send follows the service's input rule (1.00 to 100,000.00: shared/money.ts).
 */
import { formatCents, formatMoney, MoneyError, parseCents, parseServiceAmount } from '../../../shared/money';
import type { ReceivedTransaction } from '../../../shared/domain';

export class ActRefusal extends Error {
  override readonly name = 'ActRefusal';
}

export interface RefundRequest {
  /** Dollars as typed; omitted: the rest, or the items' sum. */
  amount?: string;
  items?: Array<{ id: string; amount: string }>;
}

export interface CheckedRefund {
  cents: number;
  items: Array<{ id: string; cents: number }>;
}

/** Dollars as typed to cents within the service's input rule; `what` names it in the refusal. */
export function sendableCents(text: string, what: string): number {
  try {
    const cents = parseCents(text.trim(), what);
    return parseServiceAmount(formatCents(cents), what);
  } catch (error) {
    if (error instanceof MoneyError) throw new ActRefusal(`${error.message}; nothing was sent.`);
    throw error;
  }
}

export function checkRefund(fresh: ReceivedTransaction, request: RefundRequest): CheckedRefund {
  const tx = fresh.value;
  if (tx.status !== 'Settled') {
    const why =
      tx.status === 'Pending'
        ? 'it has not settled yet (it settles at midnight Central); void it instead'
        : tx.status === 'Refunded'
          ? 'it is refunded in full already'
          : `it is ${tx.status}`;
    throw new ActRefusal(`Transaction ${tx.id} cannot be refunded: ${why}. Nothing was sent.`);
  }
  const left = tx.amountCents - tx.amountRefundedCents;
  const items = (request.items ?? []).map((item) => {
    const original = fresh.items.find((candidate) => candidate.itemId === item.id);
    if (!original)
      throw new ActRefusal(
        `Transaction ${tx.id} has no item ${JSON.stringify(item.id)} (its items: ${fresh.items.map((i) => i.itemId).join(', ') || 'none'}). Nothing was sent.`,
      );
    const cents = sendableCents(item.amount, `item ${item.id} refund`);
    if (cents > original.amountCents)
      throw new ActRefusal(
        `The refund of item ${item.id} (${formatMoney(cents)}) is more than the item's ${formatMoney(original.amountCents)}. Nothing was sent.`,
      );
    return { id: item.id, cents };
  });
  const itemsCents = items.reduce((sum, item) => sum + item.cents, 0);
  let cents: number;
  if (request.amount !== undefined) {
    cents = sendableCents(request.amount, 'refund amount');
    if (items.length && cents !== itemsCents)
      throw new ActRefusal(
        `The refund amount ${formatMoney(cents)} differs from its items' sum ${formatMoney(itemsCents)}. Nothing was sent.`,
      );
  } else cents = items.length ? itemsCents : left;
  if (cents <= 0)
    throw new ActRefusal(`Transaction ${tx.id} has nothing left to refund (all of it is refunded). Nothing was sent.`);
  if (cents > left)
    throw new ActRefusal(
      `A refund of ${formatMoney(cents)} is more than the ${formatMoney(left)} of transaction ${tx.id} not yet refunded. Nothing was sent.`,
    );
  return { cents, items };
}

export function checkVoid(fresh: ReceivedTransaction): number {
  const tx = fresh.value;
  if (tx.status !== 'Pending') {
    const why =
      tx.status === 'Settled'
        ? 'it has settled, and only a Pending sale can be voided; refund it instead'
        : `it is ${tx.status}; only a Pending sale can be voided`;
    throw new ActRefusal(`Transaction ${tx.id} cannot be voided: ${why}. Nothing was sent.`);
  }
  return tx.amountCents - tx.amountRefundedCents;
}
