/**
 * Money is integer cents everywhere below the API client. The service sends decimals
 * ("12.34", sometimes a JSON number); we parse their text, never through a float sum.
 */

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/** Largest amount we accept: safe integer cents, so every sum of a few million rows stays exact. */
export const MAX_SAFE_CENTS = Number.MAX_SAFE_INTEGER;

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

function describe(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * Parses a decimal string or number from the service into integer cents.
 * Accepts 0, 1 or 2 decimals ("5", "5.5", "5.50") and a leading minus; rejects anything else
 * (more than two decimals, exponents, NaN, unsafe magnitudes) with an error naming the value.
 */
export function parseCents(value: string | number, field = 'amount'): number {
  if (typeof value === 'string') {
    const plain = plainCents(value);
    if (plain !== null) return plain;
  }
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError(`${field}: ${describe(value)} is not a number of dollars`);
    // A JSON number such as 12.3 prints back as "12.3": its shortest round-trip text is what was sent.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new MoneyError(`${field}: expected a decimal amount, got ${describe(value)}`);
  }
  const match = DECIMAL.exec(text);
  if (!match) {
    if (/^-?\d+\.\d{3,}$/.test(text)) {
      throw new MoneyError(`${field}: ${describe(value)} has more than two decimal places`);
    }
    throw new MoneyError(`${field}: ${describe(value)} is not a decimal amount like 12.34`);
  }
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents) || whole!.length > 14) {
    throw new MoneyError(`${field}: ${describe(value)} is out of range`);
  }
  return minus && cents !== 0 ? -cents : cents;
}

/** Whole digits the plain reading takes: 13 stay exact and safe as cents (14 may not). */
const PLAIN_WHOLE_DIGITS = 13;

/**
 * The cents of the service's usual text ("1234.56", "-0.50", "12.3", "12": a minus, digits, and a
 * point with one or two digits), read one character at a time; null for anything else, which the
 * pattern above then reads or refuses. A full sync reads seven amounts a transaction: the pattern's
 * match and its substrings were a twentieth of the fetch worker's time (issue 31).
 */
function plainCents(text: string): number | null {
  const length = text.length;
  let i = text.charCodeAt(0) === MINUS ? 1 : 0;
  const wholeStart = i;
  let whole = 0;
  for (; i < length; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  const wholeDigits = i - wholeStart;
  if (wholeDigits === 0 || wholeDigits > PLAIN_WHOLE_DIGITS) return null;
  let cents = whole * 100;
  if (i < length) {
    if (text.charCodeAt(i) !== POINT) return null;
    const decimals = length - i - 1;
    if (decimals < 1 || decimals > 2) return null;
    for (let place = 10, j = i + 1; j < length; j++, place /= 10) {
      const digit = text.charCodeAt(j) - ZERO;
      if (digit < 0 || digit > 9) return null;
      cents += digit * place;
    }
  }
  return wholeStart === 1 && cents !== 0 ? -cents : cents;
}

const MINUS = 0x2d;
const POINT = 0x2e;
const ZERO = 0x30;

/** The service's input rule for an amount (and a fee, tax or shipping when there is one): 1.00 to 100,000.00. */
export const SERVICE_MIN_CENTS = 100;
export const SERVICE_MAX_CENTS = 100_000_00;

/** The service's strict amount rule: a string with exactly two decimals, from 1.00 to 100,000.00. */
export function parseServiceAmount(value: unknown, field = 'amount'): number {
  if (typeof value !== 'string' || !/^\d+\.\d{2}$/.test(value)) {
    throw new MoneyError(`${field}: ${describe(value)} must be a string with exactly two decimals, like "12.34"`);
  }
  const cents = parseCents(value, field);
  if (cents < SERVICE_MIN_CENTS || cents > SERVICE_MAX_CENTS) {
    throw new MoneyError(`${field}: ${describe(value)} must be from 1.00 to 100000.00`);
  }
  return cents;
}

/** The money fields of a transaction the service reports, by their names in the spec. */
export interface ReportedMoney {
  amountCents: number;
  convenienceFeeCents: number;
  taxCents: number;
  shippingCents: number;
}

/**
 * What a transaction the service reported breaks of the service's own input rule (DESIGN.md §9): an
 * amount outside 1.00 to 100,000.00, a fee, tax or shipping present (not 0.00) but outside it. Each in
 * words naming the field, the value and the rule; empty when all is within it. A fact to flag, never a
 * reason to refuse what the service reports: a 3.35% fee on a $20 payment is $0.67.
 */
export function inputRuleBreaks(money: ReportedMoney): string[] {
  // Checked first without building anything: the sync asks this of every transaction it writes
  // (a million in a first sync), and almost all keep the rule.
  if (
    keepsRule(money.amountCents, false) &&
    keepsRule(money.convenienceFeeCents, true) &&
    keepsRule(money.taxCents, true) &&
    keepsRule(money.shippingCents, true)
  )
    return [];
  const fields: Array<[name: string, cents: number, optional: boolean]> = [
    ['amount', money.amountCents, false],
    ['convenience_fee', money.convenienceFeeCents, true],
    ['tax', money.taxCents, true],
    ['shipping', money.shippingCents, true],
  ];
  const breaks: string[] = [];
  for (const [name, cents, optional] of fields) {
    if (optional && cents === 0) continue;
    if (cents < SERVICE_MIN_CENTS)
      breaks.push(`${name} ${formatCents(cents)} is under the 1.00 minimum of the service's input rule`);
    else if (cents > SERVICE_MAX_CENTS)
      breaks.push(`${name} ${formatCents(cents)} is over the 100,000.00 maximum of the service's input rule`);
  }
  return breaks;
}

function keepsRule(cents: number, optional: boolean): boolean {
  return (optional && cents === 0) || (cents >= SERVICE_MIN_CENTS && cents <= SERVICE_MAX_CENTS);
}

export function assertCents(cents: number, field = 'amount'): number {
  if (!Number.isSafeInteger(cents)) {
    throw new MoneyError(`${field}: ${describe(cents)} is not a whole number of cents`);
  }
  return cents;
}

/** Cents to the service's decimal text: 123456 -> "1234.56", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const fraction = abs % 100;
  return `${sign}${whole}.${String(fraction).padStart(2, '0')}`;
}

const displayFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
});

/** For people: "$1,234.56", negatives in accounting parentheses "($5.00)" so they cannot be missed. */
export function formatMoney(cents: number): string {
  assertCents(cents);
  // Intl formats a float; 2 decimals of a safe integer / 100 always round-trip exactly.
  return displayFormat.format(cents / 100);
}

/** Dollars as a JS number, only for writers that need one (spreadsheet cells). Never sum these. */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

export function sumCents(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return assertCents(total, 'total');
}
