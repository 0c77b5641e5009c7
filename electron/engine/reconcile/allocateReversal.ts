/**
 * Allocating a reversal (a refund, an ACH return, a settled void) over the accounts its transaction's
 * money was posted to (DESIGN.md §6, §9; docs/reversals.md). Pure: no SQL, no I/O, integer cents only.
 *
 * The parts of a transaction's `amount` and where each went:
 * - each item, by its amount, to the item's `gl_account` (the transaction's own account when the item
 *   has none: a fallback);
 * - `convenience_fee`, `tax`, `shipping` to the accounts the deposit's GL lines used for them when they
 *   show them apart, else the transaction's own account (a fallback: the GL lines did not say);
 * - whatever of `amount` the items, fee, tax and shipping do not cover (DESIGN §9: items may sum to
 *   less than `amount`) to the transaction's own account, as part `remainder`.
 * A reversal is split over the parts in proportion to what is still unreversed of each, by largest
 * remainder, so the lines sum exactly to the reversal; ties go to the larger part, then to the earlier
 * one, so the same facts always give the same lines.
 *
 * Worked example (also in docs/reversals.md): a $100.00 transaction with items $60.00 (4100) and
 * $30.00 (4200), a $3.00 fee whose GL line shows account 4900, $2.00 tax with no account shown, and
 * transaction account 4000. Parts: 6000, 3000, 300, 200 and a remainder of 500. A $33.33 refund:
 * exact shares 1999.8, 999.9, 99.99, 66.66, 166.65; floors 1999, 999, 99, 66, 166 sum to 3329, so the
 * 4 cents left go to the largest fractions (.99 fee, .9, .8, .66 tax): 4100 20.00, 4200 10.00,
 * 4900 1.00, 4000 (tax, fallback) 0.67, 4000 (remainder) 1.66. A later $66.67 return, given these
 * lines as `previousLines`, reverses exactly what is left of each: 40.00, 20.00, 2.00, 1.33, 3.34.
 */

export interface PostedItem {
  glAccount: string | null;
  amountCents: number;
}

/** A transaction as it was posted in its deposit. */
export interface PostedTransaction {
  amountCents: number;
  convenienceFeeCents: number;
  taxCents: number;
  shippingCents: number;
  /** The transaction's own GL account. */
  glAccount: string | null;
  items: readonly PostedItem[];
  /** The accounts the deposit's GL lines used for fee, tax and shipping, when they show them apart. */
  partAccounts?: { fee?: string | null; tax?: string | null; shipping?: string | null };
}

export type ReversalPart = 'item' | 'fee' | 'tax' | 'shipping' | 'remainder';

export interface ReversalLine {
  /** null: neither the part nor the transaction has an account; an export names it and posts nothing. */
  glAccount: string | null;
  amountCents: number;
  /** True when the account is a stand-in: the transaction's own, for lack of the part's own account. */
  fallback: boolean;
  part: ReversalPart;
  /** For part `item`: the item's index in `items`; else null. */
  itemIndex: number | null;
}

export interface ReversalRequest {
  reversalCents: number;
  /** What earlier reversals of this transaction already took. */
  alreadyReversedCents: number;
  /**
   * The lines earlier reversals were allocated to, when known: each part is then weighted by what is
   * still unreversed of it, so a return after a partial refund ends every account at exactly zero.
   */
  previousLines?: readonly ReversalLine[];
  /** A reversal larger than what remains: `refuse` (the default) or `cap` it at what remains. */
  excess?: 'refuse' | 'cap';
}

export type ReversalErrorCode = 'BAD_INPUT' | 'NOTHING_LEFT' | 'EXCEEDS_REMAINING';

export type ReversalAllocation =
  | {
      ok: true;
      lines: ReversalLine[];
      /** The cents allocated: the reversal, or what remained when capped. */
      reversedCents: number;
      capped: boolean;
      /** What is still reversible after this one. */
      remainingCents: number;
    }
  | { ok: false; code: ReversalErrorCode; message: string; remainingCents: number };

interface Part {
  part: ReversalPart;
  itemIndex: number | null;
  glAccount: string | null;
  fallback: boolean;
  weight: number;
}

const isCents = (value: number) => Number.isSafeInteger(value);

function partsOf(tx: PostedTransaction): Part[] {
  const own = tx.glAccount;
  const parts: Part[] = tx.items.map((item, index) => ({
    part: 'item',
    itemIndex: index,
    glAccount: item.glAccount ?? own,
    fallback: item.glAccount === null,
    weight: item.amountCents,
  }));
  const apart = (part: 'fee' | 'tax' | 'shipping', weight: number) => {
    const account = tx.partAccounts?.[part] ?? null;
    parts.push({ part, itemIndex: null, glAccount: account ?? own, fallback: account === null, weight });
  };
  apart('fee', tx.convenienceFeeCents);
  apart('tax', tx.taxCents);
  apart('shipping', tx.shippingCents);
  const covered = parts.reduce((sum, p) => sum + p.weight, 0);
  // Not a fallback: DESIGN §9 posts what the parts leave over to the transaction's own account.
  parts.push({
    part: 'remainder',
    itemIndex: null,
    glAccount: own,
    fallback: false,
    weight: Math.max(0, tx.amountCents - covered),
  });
  return parts;
}

const keyOf = (part: ReversalPart, itemIndex: number | null) => `${part}:${itemIndex ?? ''}`;

/**
 * Splits `total` cents over `weights` by largest remainder (Hamilton): floors of the exact shares, then
 * one cent each to the largest fractions. Ties: larger weight, then earlier index. BigInt keeps
 * total * weight exact beyond 2^53.
 */
export function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0) throw new RangeError('largestRemainder needs a positive total weight');
  const bigSum = BigInt(sum);
  const shares = weights.map((w, index) => {
    const exact = BigInt(total) * BigInt(w);
    return { index, weight: w, floor: Number(exact / bigSum), fraction: exact % bigSum };
  });
  let left = total - shares.reduce((s, share) => s + share.floor, 0);
  const result = shares.map((share) => share.floor);
  const order = [...shares].sort((a, b) =>
    a.fraction === b.fraction ? b.weight - a.weight || a.index - b.index : a.fraction > b.fraction ? -1 : 1,
  );
  for (const share of order) {
    if (left === 0) break;
    // Only a share with a fraction gets a cent, so no line ever exceeds its exact share rounded up.
    if (share.fraction === 0n) break;
    result[share.index]! += 1;
    left -= 1;
  }
  return result;
}

function refuse(
  code: ReversalErrorCode,
  message: string,
  remainingCents: number,
): Extract<ReversalAllocation, { ok: false }> {
  return { ok: false, code, message, remainingCents };
}

/** How much a reversal takes back, before it is split over accounts: the part that decides whether it posts. */
export type ReversalAmount =
  | { ok: true; reversedCents: number; capped: boolean; remainingCents: number }
  | Extract<ReversalAllocation, { ok: false }>;

/**
 * The amount step of allocateReversal alone: what the reversal takes back (capped or refused), from
 * the amounts only. Totals over many reversals need this and not the lines.
 */
export function reversalAmount(
  tx: Pick<PostedTransaction, 'amountCents' | 'convenienceFeeCents' | 'taxCents' | 'shippingCents'> & {
    items: ReadonlyArray<Pick<PostedItem, 'amountCents'>>;
  },
  request: Pick<ReversalRequest, 'reversalCents' | 'alreadyReversedCents' | 'excess'>,
): ReversalAmount {
  const amounts = [
    tx.amountCents,
    tx.convenienceFeeCents,
    tx.taxCents,
    tx.shippingCents,
    request.reversalCents,
    request.alreadyReversedCents,
    ...tx.items.map((item) => item.amountCents),
  ];
  if (!amounts.every(isCents)) return refuse('BAD_INPUT', 'Every amount must be a whole number of cents.', 0);
  if (amounts.some((value) => value < 0)) {
    return refuse(
      'BAD_INPUT',
      'A negative amount, fee, tax, shipping or item cannot be allocated; the transaction needs review.',
      0,
    );
  }
  const remaining = tx.amountCents - request.alreadyReversedCents;
  if (request.reversalCents === 0) return refuse('BAD_INPUT', 'A reversal of $0.00 posts nothing.', remaining);
  if (remaining <= 0) {
    return refuse('NOTHING_LEFT', 'This transaction has already been reversed in full; nothing is left to reverse.', 0);
  }
  if (request.reversalCents <= remaining)
    return {
      ok: true,
      reversedCents: request.reversalCents,
      capped: false,
      remainingCents: remaining - request.reversalCents,
    };
  if (request.excess !== 'cap') {
    return refuse(
      'EXCEEDS_REMAINING',
      `The reversal (${request.reversalCents} cents) is more than what is left to reverse (${remaining} cents).`,
      remaining,
    );
  }
  return { ok: true, reversedCents: remaining, capped: true, remainingCents: 0 };
}

export function allocateReversal(tx: PostedTransaction, request: ReversalRequest): ReversalAllocation {
  const amount = reversalAmount(tx, request);
  if (!amount.ok) return amount;
  const { reversedCents: reversed, capped, remainingCents } = amount;

  const parts = partsOf(tx);
  if (request.previousLines) {
    const taken = new Map<string, number>();
    for (const line of request.previousLines) {
      const key = keyOf(line.part, line.itemIndex);
      taken.set(key, (taken.get(key) ?? 0) + line.amountCents);
    }
    for (const part of parts)
      part.weight = Math.max(0, part.weight - (taken.get(keyOf(part.part, part.itemIndex)) ?? 0));
  }
  // Nothing posted anywhere (amount 0 or previous lines took every part): the transaction's account.
  if (!parts.some((part) => part.weight > 0)) parts[parts.length - 1]!.weight = 1;

  const split = largestRemainder(
    reversed,
    parts.map((part) => part.weight),
  );
  const lines: ReversalLine[] = [];
  parts.forEach((part, index) => {
    const amountCents = split[index]!;
    if (amountCents === 0) return;
    lines.push({
      glAccount: part.glAccount,
      amountCents,
      fallback: part.fallback,
      part: part.part,
      itemIndex: part.itemIndex,
    });
  });
  return { ok: true, lines, reversedCents: reversed, capped, remainingCents };
}
