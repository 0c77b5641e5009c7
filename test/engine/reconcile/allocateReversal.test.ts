import { describe, expect, it } from 'vitest';
import {
  allocateReversal,
  largestRemainder,
  type PostedTransaction,
  type ReversalLine,
} from '../../../electron/engine/reconcile/allocateReversal';

const tx = (overrides: Partial<PostedTransaction> = {}): PostedTransaction => ({
  amountCents: 10_000,
  convenienceFeeCents: 0,
  taxCents: 0,
  shippingCents: 0,
  glAccount: '4000',
  items: [],
  ...overrides,
});

/** An item posted to `glAccount`. */
const item = (glAccount: string | null, amountCents: number) => ({ glAccount, amountCents });

/** The docs/reversals.md example. */
const WORKED = tx({
  items: [item('4100', 6000), item('4200', 3000)],
  convenienceFeeCents: 300,
  taxCents: 200,
  partAccounts: { fee: '4900' },
});

/** Each line as `account cents part`, then `fallback` where the account stands in for the part's own. */
const short = (lines: ReversalLine[]) =>
  lines.map((l) => `${l.glAccount} ${l.amountCents} ${l.part}${l.fallback ? ' fallback' : ''}`);

describe('allocateReversal: examples', () => {
  const cases: Array<{ name: string; tx: PostedTransaction; reversal: number; already?: number; lines: string[] }> = [
    {
      name: 'no items, no fee: the whole refund to the transaction account, not a fallback',
      tx: tx(),
      reversal: 2500,
      lines: ['4000 2500 remainder'],
    },
    {
      name: 'the worked example: $33.33 of $100.00',
      tx: WORKED,
      reversal: 3333,
      lines: ['4100 2000 item', '4200 1000 item', '4900 100 fee', '4000 67 tax fallback', '4000 166 remainder'],
    },
    {
      name: 'a full reversal puts every part back exactly',
      tx: WORKED,
      reversal: 10_000,
      lines: ['4100 6000 item', '4200 3000 item', '4900 300 fee', '4000 200 tax fallback', '4000 500 remainder'],
    },
    {
      name: 'fee, tax and shipping without GL accounts fall back to the transaction account, marked',
      tx: tx({
        amountCents: 1000,
        convenienceFeeCents: 100,
        taxCents: 50,
        shippingCents: 50,
        items: [item('4100', 800)],
      }),
      reversal: 1000,
      lines: ['4100 800 item', '4000 100 fee fallback', '4000 50 tax fallback', '4000 50 shipping fallback'],
    },
    {
      // Issue 30 item 2: no made-up account; the export names a line with none before posting.
      name: 'an item without an account falls back; a transaction without one leaves the line with no account',
      tx: tx({ glAccount: null, amountCents: 300, items: [item(null, 200), item('4100', 100)] }),
      reversal: 300,
      lines: ['null 200 item fallback', '4100 100 item'],
    },
    {
      name: 'one cent over three equal items: the tie goes to the earliest',
      tx: tx({ amountCents: 300, items: [1, 2, 3].map((n) => item(`41${n}0`, 100)) }),
      reversal: 1,
      lines: ['4110 1 item'],
    },
    {
      name: 'ties between fractions go to the larger part',
      tx: tx({ amountCents: 300, items: [item('4100', 100), item('4200', 200)] }),
      reversal: 150,
      lines: ['4100 50 item', '4200 100 item'],
    },
    {
      name: 'items over the amount (inconsistent data) are still weighted as posted',
      tx: tx({ amountCents: 100, items: [item('4100', 100), item('4200', 100)] }),
      reversal: 100,
      lines: ['4100 50 item', '4200 50 item'],
    },
  ];
  it.each(cases)('$name', ({ tx: posted, reversal, already = 0, lines }) => {
    const result = allocateReversal(posted, { reversalCents: reversal, alreadyReversedCents: already });
    expect(result.ok).toBe(true);
    if (result.ok) expect(short(result.lines)).toEqual(lines);
  });

  it('a partial refund then a return reverses only what is left, each account to exactly zero', () => {
    const refund = allocateReversal(WORKED, { reversalCents: 3333, alreadyReversedCents: 0 });
    if (!refund.ok) throw new Error(refund.message);
    expect(refund.remainingCents).toBe(6667);
    const ret = allocateReversal(WORKED, {
      reversalCents: 10_000,
      alreadyReversedCents: 3333,
      previousLines: refund.lines,
      excess: 'cap',
    });
    if (!ret.ok) throw new Error(ret.message);
    expect(ret).toMatchObject({ reversedCents: 6667, capped: true, remainingCents: 0 });
    expect(short(ret.lines)).toEqual([
      '4100 4000 item',
      '4200 2000 item',
      '4900 200 fee',
      '4000 133 tax fallback',
      '4000 334 remainder',
    ]);
  });

  it.each([
    [{ reversalCents: 6668, alreadyReversedCents: 3333 }, 'EXCEEDS_REMAINING', 6667],
    [{ reversalCents: 1, alreadyReversedCents: 10_000 }, 'NOTHING_LEFT', 0],
    [{ reversalCents: 0, alreadyReversedCents: 0 }, 'BAD_INPUT', 10_000],
    [{ reversalCents: -5, alreadyReversedCents: 0 }, 'BAD_INPUT', 0],
    [{ reversalCents: 1.5, alreadyReversedCents: 0 }, 'BAD_INPUT', 0],
  ])('refuses %o with %s', (request, code, remaining) => {
    expect(allocateReversal(WORKED, request)).toMatchObject({ ok: false, code, remainingCents: remaining });
  });

  it('refuses a negative item rather than posting a negative line', () => {
    const result = allocateReversal(tx({ items: [{ glAccount: '4100', amountCents: -100 }] }), {
      reversalCents: 100,
      alreadyReversedCents: 0,
    });
    expect(result).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });

  it('largestRemainder is exact beyond 2^53 products', () => {
    const split = largestRemainder(9_000_000_000_000, [3, 3, 3_000_000_000_001]);
    expect(split.reduce((s, n) => s + n, 0)).toBe(9_000_000_000_000);
  });
});
