import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatMoney,
  inputRuleBreaks,
  MoneyError,
  parseCents,
  parseServiceAmount,
  sumCents,
} from '../../shared/money';

describe('parseCents', () => {
  it.each([
    ['12.34', 1234],
    ['0.05', 5],
    ['5', 500],
    ['5.5', 550],
    ['100000.00', 10_000_000],
    ['-3.20', -320],
    ['-0.00', 0],
    [' 7.00 ', 700],
    [12.34, 1234],
    [0.1, 10],
    [19.99, 1999],
    [100, 10_000],
  ])('%j -> %d cents', (input, cents) => {
    expect(parseCents(input)).toBe(cents);
  });

  it.each([
    ['1.234', /more than two decimal places/],
    ['abc', /not a decimal amount/],
    ['', /not a decimal amount/],
    ['1e3', /not a decimal amount/],
    ['1,000.00', /not a decimal amount/],
    [Number.NaN, /not a number/],
    [Number.POSITIVE_INFINITY, /not a number/],
    [1.005, /more than two decimal places/],
    ['999999999999999.00', /out of range/],
  ])('rejects %j with a clear error', (input, message) => {
    expect(() => parseCents(input, 'amount_refunded')).toThrow(MoneyError);
    expect(() => parseCents(input, 'amount_refunded')).toThrow(message);
    expect(() => parseCents(input, 'amount_refunded')).toThrow(/amount_refunded/);
  });
});

describe('parseServiceAmount (the spec: 1 to 100,000 with exactly two decimals)', () => {
  it.each([
    ['1.00', 100],
    ['100000.00', 10_000_000],
  ])('accepts %s', (input, cents) => expect(parseServiceAmount(input)).toBe(cents));

  it.each(['0.99', '100000.01', '5', '5.5', '5.555', 5, '-1.00', null])('rejects %j', (input) => {
    expect(() => parseServiceAmount(input)).toThrow(MoneyError);
  });
});

describe('formatCents and formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [123456, '1234.56'],
    [-100, '-1.00'],
  ])('%d -> %s', (cents, text) => expect(formatCents(cents)).toBe(text));

  it('shows currency, grouping and accounting negatives', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(-500)).toBe('($5.00)');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('refuses a fraction of a cent or an unsafe integer', () => {
    expect(() => formatCents(1.5)).toThrow(/whole number of cents/);
    expect(() => formatCents(Number.MAX_SAFE_INTEGER + 2)).toThrow(/whole number of cents/);
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(/total/);
  });
});

describe('properties', () => {
  const safeCents = fc
    .integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })
    .filter((c) => Math.abs(Math.trunc(c / 100)).toString().length <= 14);

  it('parse(format(c)) == c for all safe cents', () => {
    fc.assert(
      fc.property(safeCents, (cents) => parseCents(formatCents(cents)) === cents),
      { numRuns: 5000 },
    );
  });

  it('any text reads as the decimal pattern reads it, to the cent, or is refused as it refuses it (the plain reading included)', () => {
    // The rule, apart: a minus, 1-14 whole digits, a point with one or two digits, spaces around;
    // safe integer cents, summed exactly in BigInt.
    const byRule = (text: string): number | 'refused' => {
      const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
      if (!match || match[2]!.length > 14) return 'refused';
      const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
      if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return 'refused';
      return match[1] && cents !== 0n ? -Number(cents) : Number(cents);
    };
    const read = (text: string): number | 'refused' => {
      try {
        return parseCents(text);
      } catch (error) {
        expect(error).toBeInstanceOf(MoneyError);
        return 'refused';
      }
    };
    const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{0,${max}}$`));
    const amountLike = fc
      .tuple(
        fc.constantFrom('', '-', ' ', '+', '--'),
        digits(16),
        fc.constantFrom('', '.', ',', '. '),
        digits(3),
        fc.constantFrom('', ' ', 'e2', 'x'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(amountLike, fc.string({ maxLength: 8 })), (text) => {
        expect(read(text)).toBe(byRule(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('a JSON number with two decimals parses to the same cents as its text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatCents(cents);
        return parseCents(Number(text)) === cents;
      }),
      { numRuns: 5000 },
    );
  });
});

describe('inputRuleBreaks (DESIGN.md §4, the intake rule)', () => {
  const within = { amountCents: 2000, convenienceFeeCents: 0, taxCents: 0, shippingCents: 0 };

  it('names each field outside 1.00 to 100,000.00, a fee, tax or shipping of 0.00 being absent, not outside', () => {
    expect(inputRuleBreaks(within)).toEqual([]);
    expect(inputRuleBreaks({ ...within, amountCents: 100, convenienceFeeCents: 100_000_00 })).toEqual([]);
    expect(inputRuleBreaks({ ...within, convenienceFeeCents: 67 })).toEqual([
      "convenience_fee 0.67 is under the 1.00 minimum of the service's input rule",
    ]);
    expect(
      inputRuleBreaks({ amountCents: 0, convenienceFeeCents: 99, taxCents: 100_000_01, shippingCents: -1 }),
    ).toEqual([
      "amount 0.00 is under the 1.00 minimum of the service's input rule",
      "convenience_fee 0.99 is under the 1.00 minimum of the service's input rule",
      "tax 100000.01 is over the 100,000.00 maximum of the service's input rule",
      "shipping -0.01 is under the 1.00 minimum of the service's input rule",
    ]);
  });

  it('breaks a field exactly when the rule says so, around both bounds (the quick check agrees with the words)', () => {
    const near = fc.oneof(
      fc.integer({ min: -2, max: 102 }),
      fc.integer({ min: 100_000_00 - 2, max: 100_000_00 + 2 }),
      fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
    );
    fc.assert(
      fc.property(near, near, near, near, (amountCents, convenienceFeeCents, taxCents, shippingCents) => {
        const outside = (cents: number, optional: boolean) =>
          !(optional && cents === 0) && (cents < 100 || cents > 100_000_00);
        const expected = [
          outside(amountCents, false) && 'amount',
          outside(convenienceFeeCents, true) && 'convenience_fee',
          outside(taxCents, true) && 'tax',
          outside(shippingCents, true) && 'shipping',
        ].filter(Boolean);
        const named = inputRuleBreaks({ amountCents, convenienceFeeCents, taxCents, shippingCents }).map(
          (words) => words.split(' ')[0],
        );
        expect(named).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });
});
