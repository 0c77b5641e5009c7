/**
 * A cash or check collection as the service checks it on input (spec: Payer, amount, PurchasedItem),
 * checked here first so that what the service would refuse is refused before anything is sent
 * (DESIGN.md §12). Text is NFC-normalised before it is checked: the same name typed on two keyboards
 * is one name, and the wire encoder escapes what is left of non-ASCII.
 */
import { MoneyError, parseCents, parseServiceAmount, sumCents } from '../money';

export const COLLECTION_METHODS = ['Cash', 'PhysicalCheck'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];

/** The states the service's list holds when the country is USA (the spec names no list: the USPS codes). */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  ),
);

export interface CollectionPayerInput {
  name: string;
  address?: string;
  address2?: string;
  email?: string;
  phone?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export interface CollectionItemInput {
  name: string;
  /** Dollars as typed: "12.50". */
  amount: string;
  glAccountNumber?: string;
}

export interface CollectionInput {
  method: CollectionMethod;
  payeeId: number;
  /** Dollars as typed: "25.00". */
  amount: string;
  payer: CollectionPayerInput;
  checkNumber?: string;
  glAccountNumber?: string;
  items?: CollectionItemInput[];
  note?: string;
}

/** A collection that passed every rule: money in cents, text in NFC. */
export interface CheckedCollection {
  method: CollectionMethod;
  payeeId: number;
  amountCents: number;
  payer: CollectionPayerInput;
  checkNumber: string | null;
  glAccountNumber: string | null;
  items: Array<{ name: string; amountCents: number; glAccountNumber: string | null }>;
  note: string | null;
}

/** A refusal naming the field and the rule it breaks. */
export class CollectionRuleError extends Error {
  override readonly name = 'CollectionRuleError';
  constructor(
    readonly field: string,
    rule: string,
  ) {
    super(`${field}: ${rule}`);
  }
}

/** Two or more names, one space apart, letters only (a combining mark may follow a letter). */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}]*( \p{L}[\p{L}\p{M}]*)+$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const DIGITS_10 = /^\d{10,}$/;

const nfc = (value: string) => value.normalize('NFC').trim();
const optional = (value: string | undefined) => {
  const trimmed = value === undefined ? '' : nfc(value);
  return trimmed === '' ? undefined : trimmed;
};

function amountOf(text: string, field: string): number {
  try {
    // The service's rule for what we send: exactly two decimals, 1.00 to 100,000.00. "25" reads as 25.00.
    const cents = parseCents(text.trim(), field);
    return parseServiceAmount((cents / 100).toFixed(2), field);
  } catch (error) {
    if (error instanceof MoneyError) throw new CollectionRuleError(field, error.message.replace(`${field}: `, ''));
    throw error;
  }
}

function checkPayer(input: CollectionPayerInput): CollectionPayerInput {
  const name = nfc(input.name).replace(/\s+/g, ' ');
  if (!PERSON_NAME.test(name))
    throw new CollectionRuleError(
      'payer name',
      'must be two or more names of letters separated by a space, like "Maria Lopez"',
    );
  const payer: CollectionPayerInput = { name };
  const address = optional(input.address);
  if (address !== undefined) {
    if (address.length < 2 || address.length > 20)
      throw new CollectionRuleError('payer address', 'must be 2 to 20 characters (the service allows at most 20)');
    payer.address = address;
  }
  const address2 = optional(input.address2);
  if (address2 !== undefined) payer.address2 = address2;
  const email = optional(input.email);
  if (email !== undefined) {
    if (!EMAIL.test(email)) throw new CollectionRuleError('payer email', 'must be an e-mail address');
    payer.email = email;
  }
  const phone = optional(input.phone);
  if (phone !== undefined) {
    if (!DIGITS_10.test(phone)) throw new CollectionRuleError('payer phone', 'must be digits only, at least 10');
    payer.phone = phone;
  }
  const city = optional(input.city);
  if (city !== undefined) {
    if (city.length < 2) throw new CollectionRuleError('payer city', 'must be longer than 1 character');
    payer.city = city;
  }
  const postalCode = optional(input.postalCode);
  if (postalCode !== undefined) {
    if (!DIGITS_10.test(postalCode))
      throw new CollectionRuleError(
        'payer postal code',
        'must be digits only, at least 10 (the service asks for ZIP+4 and more)',
      );
    payer.postalCode = postalCode;
  }
  const country = optional(input.country)?.toUpperCase();
  if (country !== undefined) {
    if (!/^[A-Z]{3}$/.test(country))
      throw new CollectionRuleError('payer country', 'must be a three-letter code like USA');
    payer.country = country;
  }
  const state = optional(input.state)?.toUpperCase();
  if (country === 'USA' && (state === undefined || !US_STATE_CODES.has(state)))
    throw new CollectionRuleError(
      'payer state',
      'must be a two-letter US state code (like TX) when the country is USA',
    );
  if (state !== undefined) {
    if (!/^[A-Z]{2}$/.test(state)) throw new CollectionRuleError('payer state', 'must be a two-letter code');
    payer.state = state;
  }
  return payer;
}

/** Checks a collection by the service's rules; the first broken rule is thrown, naming its field. */
export function checkCollection(input: CollectionInput): CheckedCollection {
  const amountCents = amountOf(input.amount, 'amount');
  const payer = checkPayer(input.payer);
  const checkNumber = optional(input.checkNumber) ?? null;
  if (input.method === 'PhysicalCheck' && checkNumber !== null && !/^[0-9A-Za-z-]{1,30}$/.test(checkNumber))
    throw new CollectionRuleError('check number', 'must be 1 to 30 letters, digits or dashes');
  if (input.method === 'Cash' && checkNumber !== null)
    throw new CollectionRuleError('check number', 'is only for a check, not for cash');
  const items = (input.items ?? []).map((item, index) => {
    const name = nfc(item.name);
    if (name === '') throw new CollectionRuleError(`item ${index + 1} name`, 'must not be empty');
    return {
      name,
      amountCents: amountOf(item.amount, `item ${index + 1} (${name}) amount`),
      glAccountNumber: optional(item.glAccountNumber) ?? null,
    };
  });
  if (items.length > 0) {
    const total = sumCents(items.map((item) => item.amountCents));
    if (total !== amountCents)
      throw new CollectionRuleError(
        'items',
        `add up to ${(total / 100).toFixed(2)}, but the amount is ${(amountCents / 100).toFixed(2)}: the service refuses items that do not add up to the amount`,
      );
  }
  return {
    method: input.method,
    payeeId: input.payeeId,
    amountCents,
    payer,
    checkNumber,
    glAccountNumber: optional(input.glAccountNumber) ?? null,
    items,
    note: optional(input.note) ?? null,
  };
}
