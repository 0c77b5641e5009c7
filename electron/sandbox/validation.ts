/**
 * The spec's input rules for POST /txns, one function or schema line per rule: Luhn, the ABA
 * routing checksum, card brand by first digit, security-code length, payer fields, amounts from
 * 1.00 to 100,000.00 with exactly two decimals, items adding up to the total.
 */
import { z } from 'zod';
import { MoneyError, parseServiceAmount } from '../../shared/money';
import { PAYMENT_METHODS } from '../../shared/domain/service';
import { invalidField } from './errors';

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** ABA routing check: 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) is a multiple of 10; needs 9 digits. */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const CARD_BRANDS = ['Visa', 'MasterCard', 'AmericanExpress', 'Discover'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export function brandOfPan(pan: string): CardBrand | undefined {
  return ({ '3': 'AmericanExpress', '4': 'Visa', '5': 'MasterCard', '6': 'Discover' } as const)[pan[0] as '3'];
}

export const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(
    ' ',
  ),
);
export const COUNTRIES = new Set(
  'USA CAN MEX GBR FRA DEU ESP ITA NLD IRL PRT POL SWE NOR DNK FIN ISL VNM CHN JPN KOR IND PHL AUS NZL BRA ARG COL PER CHL'.split(
    ' ',
  ),
);

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** Two or more names, one space apart, letters only (combining marks allowed after a letter). */
const PERSON_NAME = /^\p{L}[\p{L}\p{M}]*( \p{L}[\p{L}\p{M}]*)+$/u;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

function serviceAmount(field: string) {
  return z.unknown().transform((value, ctx) => {
    try {
      return parseServiceAmount(value, field);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof MoneyError ? error.message : String(error) });
      return z.NEVER;
    }
  });
}

const payerFields = z.object({
  name: z.string().regex(PERSON_NAME, 'must be at least two names separated by a space, letters only'),
  address: z.string().min(2, 'must be longer than 1 character').max(20, 'must be at most 20 characters'),
  address2: z.string().optional(),
  email: z.string().regex(EMAIL, 'must be an e-mail address'),
  phone: z.string().regex(/^\d{10,}$/, 'must be numeric, at least 10 digits'),
  ip: z.string().regex(IPV4, 'must be a valid IPv4 address'),
  city: z.string().min(2, 'must be longer than 1 character'),
  state: z.string().optional(),
  postal_code: z.string().regex(/^\d{10,}$/, 'must be numeric, at least 10 digits'),
  country: z.string().refine((c) => COUNTRIES.has(c), 'must be a three-letter code from the list of countries'),
});

function stateRule(payer: { state?: string; country?: string }, ctx: z.RefinementCtx): void {
  if (payer.country === 'USA') {
    if (payer.state === undefined || !US_STATES.has(payer.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: 'must be a two-letter code from the list of states when country is USA',
      });
    }
  } else if (payer.state !== undefined && !/^[A-Za-z]{2}$/.test(payer.state)) {
    ctx.addIssue({ code: 'custom', path: ['state'], message: 'must be a two-letter code' });
  }
}

export const payerSchema = payerFields.superRefine(stateRule);

/**
 * Cash and PhysicalCheck come through the virtual terminal, where an office records who paid: the
 * name is required, every other field is checked by its rule only when given (the spec does not say
 * which Payer fields a terminal entry needs; see README.md).
 */
export const terminalPayerSchema = payerFields.partial().required({ name: true }).superRefine(stateRule);

function validExpiry(mmyy: string): boolean {
  if (!/^\d{4}$/.test(mmyy)) return false;
  const month = Number(mmyy.slice(0, 2));
  return month >= 1 && month <= 12;
}

export const creditCardSchema = z
  .object({
    brand: z.enum(CARD_BRANDS),
    pan: z
      .string()
      .regex(/^\d{12,16}$/, 'must be 12 to 16 digits')
      .refine(luhnValid, 'fails the Luhn check'),
    expires: z.string().refine(validExpiry, 'must be a valid date as MMYY'),
    security_code: z.string().regex(/^\d+$/, 'must be numeric'),
  })
  .superRefine((card, ctx) => {
    const brand = brandOfPan(card.pan);
    if (brand !== card.brand) {
      ctx.addIssue({
        code: 'custom',
        path: ['brand'],
        message: brand
          ? `a pan starting with ${card.pan[0]} is ${brand}, not ${card.brand}`
          : 'the pan must start with 3, 4, 5 or 6',
      });
    }
    const length = card.brand === 'AmericanExpress' ? 4 : 3;
    if (card.security_code.length !== length) {
      ctx.addIssue({ code: 'custom', path: ['security_code'], message: `must be ${length} digits for ${card.brand}` });
    }
  });

export const bankAccountSchema = z.object({
  routing_number: z
    .string()
    .regex(/^\d{6,}$/, 'must be at least 6 digits')
    .refine(abaValid, 'fails the ABA routing number check'),
  account_number: z.string().regex(/^\d{6,}$/, 'must be at least 6 digits'),
});

/** A GL account reference: its id, or a GLAccount object (id, or number and label). */
const glReference = z.union([
  z.string(),
  z.object({ id: z.string().optional(), number: z.string().optional(), label: z.string().optional() }),
]);
export type GlReference = z.infer<typeof glReference>;

const itemAmount = z.string().regex(/^\d+\.\d{2}$/, 'must be a decimal string with exactly two decimals');

export const purchasedItemSchema = z.object({
  id: z.string().min(1),
  item_name: z.string().optional(),
  amount: itemAmount,
  gl_account: glReference.nullable().optional(),
  student: z.object({ number: z.string(), district_id: z.number().int(), name: z.string() }).nullable().optional(),
  custom_fields: z.record(z.string(), z.string()).optional(),
});

export const processSchema = z.object({
  payee: z.number().int(),
  payment_method: z.enum(PAYMENT_METHODS),
  amount: serviceAmount('amount'),
  convenience_fee: serviceAmount('convenience_fee').optional(),
  tax: serviceAmount('tax').optional(),
  shipping: serviceAmount('shipping').optional(),
  order_id: z.number().int().positive().optional(),
  payer: payerSchema.optional(),
  credit_card: creditCardSchema.optional(),
  bank_account: bankAccountSchema.optional(),
  stored_card_retrieval_token: z.string().min(2, 'must be longer than 1 character').optional(),
  store_card: z.boolean().optional(),
  gl_account: glReference.nullable().optional(),
  data: z.string().nullable().optional(),
  items: z.array(purchasedItemSchema).optional(),
});
export type ProcessBody = z.infer<typeof processSchema>;

/** POST /txns for Cash and PhysicalCheck: the same, with the terminal's payer. */
export const terminalProcessSchema = processSchema.extend({ payer: terminalPayerSchema.optional() });

export const reverseSchema = z.object({
  operation: z.enum(['refund', 'void']),
  transaction_id: z.number().int(),
  amount: z
    .string()
    .regex(/^-?\d+(\.\d{1,2})?$/, 'must be a decimal string like "12.34"')
    .optional(),
  items: z
    .array(z.object({ id: z.string(), amount: z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'must be a decimal string') }))
    .optional(),
});
export type ReverseBody = z.infer<typeof reverseSchema>;

/** Parses with a schema; the first problem becomes 400 INVALID_FIELD naming the field. */
export function parseOrInvalid<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.join('.');
  const message =
    issue.code === 'invalid_type' && issue.message.includes('received undefined') ? 'is required' : issue.message;
  throw invalidField(path ? `${path}: ${message}` : message);
}

/** The cross-field rules of a payment: method details present, parts within the amount, items adding up. */
export function checkPaymentRules(body: ProcessBody): void {
  if (body.payment_method === 'CC' && !body.credit_card && !body.stored_card_retrieval_token) {
    throw invalidField('credit_card: is required when payment_method is CC (or a stored_card_retrieval_token)');
  }
  if (body.payment_method === 'ACH' && !body.bank_account) {
    throw invalidField('bank_account: is required when payment_method is ACH');
  }
  if ((body.payment_method === 'CC' || body.payment_method === 'ACH') && !body.payer) {
    throw invalidField('payer: is required for CC and ACH payments');
  }
  const parts = (body.convenience_fee ?? 0) + (body.tax ?? 0) + (body.shipping ?? 0);
  if (parts >= body.amount) {
    throw invalidField('amount: convenience_fee, tax and shipping are parts of amount and must add up to less than it');
  }
  if (body.items && body.items.length > 0) {
    const ids = new Set<string>();
    let sum = 0;
    for (const item of body.items) {
      if (ids.has(item.id)) throw invalidField(`items: item id ${JSON.stringify(item.id)} appears twice`);
      ids.add(item.id);
      sum += parseServiceItemCents(item.amount);
    }
    const goods = body.amount - parts;
    if (sum !== goods) {
      throw invalidField(
        `items: item amounts add up to ${(sum / 100).toFixed(2)}, but amount minus convenience_fee, tax and shipping is ${(goods / 100).toFixed(2)}`,
      );
    }
  }
}

export function parseServiceItemCents(text: string): number {
  const [whole, fraction] = text.split('.') as [string, string];
  return Number(whole) * 100 + Number(fraction);
}
