/** The shape of a contract row and the builders the rows are written with (bodies, checks, formats). */
import { expect } from 'vitest';
import { samplePayment, TEST_BANK_ACCOUNT, TEST_CARDS } from '../../../electron/sandbox/index';
import type { Reply } from '../../helpers/sandbox';
import { ids } from './setup';

export type Check = (reply: Reply) => void;
/** A body, or a function giving it when the row runs (after the ids it names are prepared). */
type Body = unknown | (() => unknown);

export interface Rule {
  rule: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string | (() => string);
  body?: Body;
  auth?: boolean;
  headers?: Record<string, string>;
  status: number;
  error?: string;
  check?: Check;
}

/** A POST /txns the spec refuses: 400 with `error`. */
export const refused = (rule: string, body: Body, error = 'INVALID_FIELD'): Rule => ({
  rule,
  path: '/txns',
  body,
  status: 400,
  error,
});

/** A POST /txns the spec accepts: 200, and what the answer must show. */
export const accepted = (rule: string, body: Body, check?: Check): Rule => ({
  rule,
  path: '/txns',
  body,
  status: 200,
  check,
});

/** A payment to the prepared payee; `overrides` replace (or, undefined, drop) sample fields. */
export const pay =
  (amount: string, overrides: Record<string, unknown> = {}) =>
  () =>
    samplePayment(ids.payee, amount, overrides);
export const payer = (overrides: Record<string, unknown>) =>
  pay('20.00', { payer: { ...(samplePayment(0, '1.00').payer as object), ...overrides } });
export const card = (overrides: Record<string, unknown>) =>
  pay('20.00', { credit_card: { ...TEST_CARDS.Visa, ...overrides } });
export const ach = (overrides: Record<string, unknown>) =>
  pay('20.00', { payment_method: 'ACH', credit_card: undefined, bank_account: { ...TEST_BANK_ACCOUNT, ...overrides } });

/** A refund of a prepared transaction, of `amount` (none: the rest), naming no items. */
export const refundOf = (which: 'pending' | 'settled', amount?: string) => () => ({
  operation: 'refund',
  transaction_id: ids[which],
  ...(amount === undefined ? {} : { amount }),
  items: [],
});
/** A void of a prepared transaction. */
export const voidOf = (which: 'pending' | 'settled') => () => ({ operation: 'void', transaction_id: ids[which] });

/** A GET the spec answers (200), and what the answer must show. */
export const reads = (rule: string, path: Rule['path'], check?: Check): Rule => ({ rule, path, status: 200, check });

/** A GET the spec refuses with `status` and `error`. */
export const refusedRead = (rule: string, path: Rule['path'], error = 'INVALID_FIELD', status = 400): Rule => ({
  rule,
  path,
  status,
  error,
});

export const status =
  (expected: string): Check =>
  (r) =>
    expect(r.json.status).toBe(expected);

export const MONEY = /^\d+\.\d{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
