/**
 * The service's JSON, validated with zod and turned into our types: money to integer cents (parsed
 * from the decimal text, never through a float), batch ids to text, GLBatch rows for /gl-batches
 * (the spec's "PagedList<Batch>" there describes GLBatch records). Objects are loose: a field we
 * do not model passes validation and survives in the raw JSON stored beside the typed columns.
 *
 * A transaction's shape is checked by zod, and its money and ids are read after (readTransaction),
 * refusing with the same words and field path a zod transform gave. Zod runs each transform as a
 * pipe, with a payload and an issue context made per field: the schema with its 11 transforms per
 * transaction took ~4x as long as the same checks without them (1.3 ms against 0.33 ms a page of
 * 100), the fetch worker's largest cost after parsing the JSON (issue 31). The rarer records
 * (batches, GL rows, payees, accounts) keep their transforms.
 */
import { hash } from 'node:crypto';
import { z } from 'zod';
import { PAYMENT_METHODS, TRANSACTION_STATUSES } from '../../../shared/domain';
import type {
  Batch,
  GlAccount,
  GlBatch,
  Payee,
  Received,
  ReceivedItem,
  ReceivedTransaction,
  Transaction,
} from '../../../shared/domain';
import { MoneyError, parseCents } from '../../../shared/money';
import { parseBatchDate, TimeError, type BusinessDate } from '../../../shared/time';
import { ResponseFormatError } from './errors';

/** Money as sent: decimal text, or a number; read into integer cents by centsOf. */
const money = z.union([z.string(), z.number()]);
type CentsRule = (cents: number) => string | null;
const anyCents: CentsRule = () => null;

/** Integer cents of `value`, or the words that refuse it: not an amount, or what `rule` says. */
function centsOf(value: string | number, rule: CentsRule): number | { refused: string } {
  let parsed: number;
  try {
    parsed = parseCents(value);
  } catch (error) {
    return { refused: error instanceof MoneyError ? error.message.replace(/^amount: /, '') : 'not an amount' };
  }
  const problem = rule(parsed);
  return problem ? { refused: problem } : parsed;
}

/** Money as integer cents; `rule` refuses values the spec does not allow, naming the value sent. */
const centsWhere = (rule: CentsRule) =>
  money.transform((value, ctx) => {
    const cents = centsOf(value, rule);
    if (typeof cents === 'number') return cents;
    ctx.addIssue({ code: 'custom', message: cents.refused, input: value });
    return z.NEVER;
  });
const cents = centsWhere(anyCents);
/**
 * Amount, fee, tax and shipping as reported: stored whatever their size (the spec's 1 to 100,000 is
 * what the service checks on input; a value outside it is flagged by the differ, DESIGN.md §4 "Intake
 * rule"), but never negative: a negative amount cannot be read as a payment. The words keep naming the
 * rule, so a refused page says what a payment's amount may be.
 */
const NEGATIVE = 'outside the 1.00 to 100,000.00 the service allows and negative, which no payment amount can be';
const reportedAmountRule: CentsRule = (value) => (value >= 0 ? null : NEGATIVE);
/** Fee, tax, shipping, amount refunded: absent or "0.00" when there is none, never negative. */
const nonNegativeRule: CentsRule = (value) => (value >= 0 ? null : 'negative');
/**
 * Free text (names, labels, messages, `data`): 10,000 characters is far beyond any name or note
 * the service holds, and keeps one hostile field from filling the store or the screen.
 */
export const MAX_TEXT_LENGTH = 10_000;
const text = z
  .string()
  .max(MAX_TEXT_LENGTH, { message: `longer than ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters` });
const int = z.number().int();
/** Ids the spec types as int in one place and string in another: kept as text (idText, or String after). */
const idValue = z.union([z.string().min(1).max(200), int]);
const idText = idValue.transform(String);
const date = z.string().transform((value, ctx) => {
  try {
    return parseBatchDate(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: error instanceof TimeError ? 'not a date like 2026-03-08' : 'not a date',
      input: value,
    });
    return z.NEVER;
  }
});
const glAccountRef = z.looseObject({ id: idText, label: text.nullish(), number: text.nullish() }).nullish();

export const payeeSchema = z.looseObject({
  id: int,
  name: text,
  merchant_id: z.union([text, int]).transform(String),
});
export const glAccountSchema = z.looseObject({ id: idText, label: text, number: text });

/** A transaction's shape (with its items) whose free text is `text`: money and ids as sent. */
const transactionSchemaOf = (text: z.ZodString) => {
  const accountRef = z.looseObject({ id: idValue, label: text.nullish(), number: text.nullish() }).nullish();
  return z.looseObject({
    id: int.positive(),
    order_id: int.nullish(),
    payee: int,
    payment_method: z.enum(PAYMENT_METHODS),
    status: z.enum(TRANSACTION_STATUSES),
    status_message: text.nullish(),
    amount: money,
    amount_refunded: money.nullish(),
    convenience_fee: money.nullish(),
    tax: money.nullish(),
    shipping: money.nullish(),
    batch: idValue.nullish(),
    data: text.nullish(),
    payer: z.looseObject({ name: text.nullish() }).nullish(),
    gl_account: accountRef,
    items: z
      .array(
        z.looseObject({
          id: idValue,
          item_name: text.nullish(),
          amount: money,
          gl_account: accountRef,
          student: z.looseObject({ number: z.union([text, int]).nullish(), name: text.nullish() }).nullish(),
        }),
      )
      .nullish(),
  });
};

export const transactionSchema = transactionSchemaOf(text);
/**
 * The same without the length bound on text, for objects whose whole JSON is within it (no text
 * inside can be longer): checking every string of every page was a tenth of the fetch worker's time.
 */
export const transactionSchemaWithinBound = transactionSchemaOf(z.string());

export const batchSchema = z.looseObject({
  id: idText,
  payee: int,
  date,
  payment_method: z.enum(PAYMENT_METHODS),
  total_amount: cents,
  fees_amount: cents,
  partial_amount: cents,
  total_count: int.nonnegative(),
});

export const glBatchSchema = z.looseObject({
  gl_batch_identifier: idText,
  date,
  batch_id: idText,
  payee_id: int,
  gl_account: glAccountRef,
  amount: cents,
  amount_without_fees: cents,
  count: int,
});

export const pagedListSchema = <T extends z.ZodType>(object: T) =>
  z.looseObject({ offset: int.nonnegative().optional(), limit: int.positive().optional(), objects: z.array(object) });

/** A record as parsed, with the exact JSON object it came from. */
export type Parsed<T> = Received<T>;

export type WireTransaction = z.output<typeof transactionSchema>;

export type ParsedItem = ReceivedItem;
export type ParsedTransaction = ReceivedTransaction;

/**
 * A transaction's JSON reduced to 128 bits (SHA-256, hardware-accelerated, ~1.3 µs for a
 * transaction): stored beside `raw`, so the nightly re-read of the refresh window can tell a
 * transaction that did not change from its JSON alone, without validating it again.
 */
export function rawDigest(raw: string): string {
  return hash('sha256', raw, 'base64url').slice(0, 22);
}

/** Where an object was read: the endpoint, and the object's place in the answer (validate's `at`). */
export interface ReadAt {
  endpoint: string;
  at?: readonly PropertyKey[];
}

/** Validates a transaction (transactionSchema) and reads it; `raw`: its JSON when the caller has it. */
export function readTransaction(object: unknown, where: ReadAt, raw?: string): ParsedTransaction {
  return toTransaction(validate(transactionSchema, object, where.endpoint, where.at), object, where, raw);
}

/**
 * A validated transaction read: money to cents (refused as validate refuses, naming the field),
 * ids to text. `raw`: the object's JSON when the caller has it.
 */
export function toTransaction(
  wire: WireTransaction,
  rawObject: unknown,
  where: ReadAt,
  raw: string = JSON.stringify(rawObject),
): ParsedTransaction {
  const at = where.at ?? [];
  const centsAt = (value: string | number | null | undefined, rule: CentsRule, path: readonly PropertyKey[]) => {
    if (value === null || value === undefined) return 0;
    const read = centsOf(value, rule);
    if (typeof read === 'number') return read;
    throw refusal(where.endpoint, [...at, ...path], value, read.refused);
  };
  const value: Omit<Transaction, 'businessDate'> = {
    id: wire.id,
    orderId: wire.order_id ?? null,
    payeeId: wire.payee,
    paymentMethod: wire.payment_method,
    status: wire.status,
    statusMessage: wire.status_message ?? null,
    amountCents: centsAt(wire.amount, reportedAmountRule, ['amount']),
    amountRefundedCents: centsAt(wire.amount_refunded, nonNegativeRule, ['amount_refunded']),
    convenienceFeeCents: centsAt(wire.convenience_fee, nonNegativeRule, ['convenience_fee']),
    taxCents: centsAt(wire.tax, nonNegativeRule, ['tax']),
    shippingCents: centsAt(wire.shipping, nonNegativeRule, ['shipping']),
    batchId: textOf(wire.batch),
    data: wire.data ?? null,
    payerName: wire.payer?.name ?? null,
    glAccountId: textOf(wire.gl_account?.id),
  };
  const rawItems = (rawObject as { items?: unknown[] }).items ?? [];
  const items: ParsedItem[] = (wire.items ?? []).map((item, i) => ({
    transactionId: wire.id,
    itemId: String(item.id),
    itemName: item.item_name ?? null,
    amountCents: centsAt(item.amount, anyCents, ['items', i, 'amount']),
    glAccountId: textOf(item.gl_account?.id),
    studentNumber: textOf(item.student?.number),
    studentName: item.student?.name ?? null,
    raw: JSON.stringify(rawItems[i]),
  }));
  return { value, items, raw, digest: rawDigest(raw) };
}

/** An id or number as text, as idText reads it; null when absent. */
function textOf(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function toPayee(wire: z.output<typeof payeeSchema>): Payee {
  return { id: wire.id, name: wire.name, merchantId: wire.merchant_id, removed: false };
}

export function toGlAccount(wire: z.output<typeof glAccountSchema>): GlAccount {
  return { id: wire.id, number: wire.number, label: wire.label, removed: false };
}

export function toBatch(wire: z.output<typeof batchSchema>): Batch {
  return {
    id: wire.id,
    payeeId: wire.payee,
    date: wire.date as BusinessDate,
    paymentMethod: wire.payment_method,
    totalCents: wire.total_amount,
    feesCents: wire.fees_amount,
    partialCents: wire.partial_amount,
    totalCount: wire.total_count,
  };
}

export function toGlBatch(wire: z.output<typeof glBatchSchema>): GlBatch {
  return {
    glBatchId: wire.gl_batch_identifier,
    date: wire.date,
    batchId: wire.batch_id,
    payeeId: wire.payee_id,
    glAccountId: wire.gl_account?.id ?? null,
    glNumber: wire.gl_account?.number ?? null,
    glLabel: wire.gl_account?.label ?? null,
    amountCents: wire.amount,
    amountWithoutFeesCents: wire.amount_without_fees,
    count: wire.count,
  };
}

/**
 * Validates `data`; a failure names the endpoint, the field path and the value found there. `at`:
 * where `data` sits in the response (an object of a page validated on its own).
 */
export function validate<T extends z.ZodType>(
  schema: T,
  data: unknown,
  endpoint: string,
  at: readonly PropertyKey[] = [],
): z.output<T> {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const value = 'input' in issue ? issue.input : valueAt(data, issue.path);
  throw refusal(endpoint, [...at, ...issue.path], value, issue.message);
}

/** The refusal of `value` found at `path` of an answer from `endpoint`. */
function refusal(endpoint: string, path: readonly PropertyKey[], value: unknown, message: string): ResponseFormatError {
  const field = path.length ? path.map(String).join('.') : '(body)';
  return new ResponseFormatError(endpoint, field, value, message);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
