import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateReversal,
  type PostedTransaction,
  type ReversalLine,
} from '../../../electron/engine/reconcile/allocateReversal';

const account = fc.option(fc.constantFrom('4100', '4200', '4300', '4900'), { nil: null });

/** Transactions as the service gives them: parts within the amount, or (inconsistent) a little over. */
const posted: fc.Arbitrary<PostedTransaction> = fc
  .record({
    items: fc.array(fc.record({ glAccount: account, amountCents: fc.integer({ min: 0, max: 2_000_000 }) }), {
      maxLength: 5,
    }),
    fee: fc.integer({ min: 0, max: 50_000 }),
    tax: fc.integer({ min: 0, max: 50_000 }),
    shipping: fc.integer({ min: 0, max: 50_000 }),
    extra: fc.integer({ min: -100, max: 1_000_000 }),
    glAccount: account,
    feeAccount: account,
    taxAccount: account,
    shippingAccount: account,
  })
  .map((r) => {
    const parts = r.items.reduce((s, i) => s + i.amountCents, 0) + r.fee + r.tax + r.shipping;
    return {
      amountCents: Math.max(1, parts + r.extra),
      convenienceFeeCents: r.fee,
      taxCents: r.tax,
      shippingCents: r.shipping,
      glAccount: r.glAccount,
      items: r.items,
      partAccounts: { fee: r.feeAccount, tax: r.taxAccount, shipping: r.shippingAccount },
    };
  });

/** The weight of the part a line belongs to, as the allocation saw it. */
function weightOf(tx: PostedTransaction, line: ReversalLine, previous: readonly ReversalLine[]): number {
  const covered =
    tx.items.reduce((s, i) => s + i.amountCents, 0) + tx.convenienceFeeCents + tx.taxCents + tx.shippingCents;
  const posted = {
    item: line.itemIndex === null ? 0 : tx.items[line.itemIndex]!.amountCents,
    fee: tx.convenienceFeeCents,
    tax: tx.taxCents,
    shipping: tx.shippingCents,
    remainder: Math.max(0, tx.amountCents - covered),
  }[line.part];
  const taken = previous
    .filter((p) => p.part === line.part && p.itemIndex === line.itemIndex)
    .reduce((s, p) => s + p.amountCents, 0);
  return posted - taken;
}

describe('allocateReversal: properties', () => {
  it('lines sum exactly to the reversal, none is negative or zero, none exceeds its share rounded up', () => {
    fc.assert(
      fc.property(posted, fc.integer({ min: 1, max: 3_000_000 }), (tx, wanted) => {
        const reversal = Math.min(wanted, tx.amountCents);
        const result = allocateReversal(tx, { reversalCents: reversal, alreadyReversedCents: 0 });
        if (!result.ok) throw new Error(result.message);
        expect(result.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(reversal);
        const weights = result.lines.map((l) => weightOf(tx, l, []));
        const total =
          tx.items.reduce((s, i) => s + i.amountCents, 0) +
          tx.convenienceFeeCents +
          tx.taxCents +
          tx.shippingCents +
          weightOf(tx, { part: 'remainder', itemIndex: null, glAccount: '', amountCents: 0, fallback: false }, []);
        result.lines.forEach((l, i) => {
          expect(l.amountCents).toBeGreaterThan(0);
          expect(l.amountCents).toBeLessThanOrEqual(Math.ceil((reversal * weights[i]!) / total));
        });
      }),
      { numRuns: 500 },
    );
  });

  it('over several reversals the total never exceeds the amount, and no part is reversed beyond what was posted', () => {
    fc.assert(
      fc.property(
        posted,
        fc.array(fc.integer({ min: 1, max: 3_000_000 }), { minLength: 1, maxLength: 6 }),
        (tx, reversals) => {
          let already = 0;
          const previous: ReversalLine[] = [];
          for (const wanted of reversals) {
            const result = allocateReversal(tx, {
              reversalCents: wanted,
              alreadyReversedCents: already,
              previousLines: previous,
              excess: 'cap',
            });
            if (!result.ok) {
              expect(result.code).toBe('NOTHING_LEFT');
              expect(already).toBe(tx.amountCents);
              continue;
            }
            for (const line of result.lines) {
              expect(line.amountCents).toBeGreaterThan(0);
              // Weighted by what is left of each part, a line never takes more than is left of it.
              expect(line.amountCents).toBeLessThanOrEqual(Math.max(1, weightOf(tx, line, previous)));
            }
            expect(result.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(result.reversedCents);
            expect(result.reversedCents).toBeLessThanOrEqual(wanted);
            already += result.reversedCents;
            previous.push(...result.lines);
            expect(already).toBeLessThanOrEqual(tx.amountCents);
            expect(result.remainingCents).toBe(tx.amountCents - already);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('without previous lines, refusing (not capping) keeps every total within the amount', () => {
    fc.assert(
      fc.property(posted, fc.array(fc.integer({ min: 1, max: 3_000_000 }), { maxLength: 6 }), (tx, reversals) => {
        let already = 0;
        for (const wanted of reversals) {
          const result = allocateReversal(tx, { reversalCents: wanted, alreadyReversedCents: already });
          if (result.ok) already += result.reversedCents;
          else expect(['EXCEEDS_REMAINING', 'NOTHING_LEFT']).toContain(result.code);
          expect(already).toBeLessThanOrEqual(tx.amountCents);
        }
      }),
      { numRuns: 300 },
    );
  });
});
