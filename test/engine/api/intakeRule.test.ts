/**
 * DESIGN.md §4 "Intake rule" at the API edge (issue 25): what the service reports outside its own
 * input rule is read and kept as sent; what cannot be read (not a number, a missing id, a wrong type, a
 * negative amount) still fails the page, naming the field and the value.
 */
import { describe, expect, it } from 'vitest';
import { pagedListSchema, toTransaction, transactionSchema, validate } from '../../../electron/engine/api/wire';
import { ResponseFormatError } from '../../../electron/engine/api/errors';

const sale = (patch: Record<string, unknown> = {}) => ({
  id: 41,
  payee: 101,
  payment_method: 'CC',
  status: 'Settled',
  amount: '20.67',
  convenience_fee: '0.67',
  batch: '730001',
  ...patch,
});

const page = (object: Record<string, unknown>) => ({ offset: 0, limit: 100, objects: [sale(), object] });
/** As the client reads a page: its shape validated, then each transaction's money and ids read. */
const read = (object: Record<string, unknown>) => {
  const body = page(object);
  return validate(pagedListSchema(transactionSchema), body, 'GET /txns').objects.map(
    (wire, i) => toTransaction(wire, body.objects[i], { endpoint: 'GET /txns', at: ['objects', i] }).value,
  );
};

describe('a transaction outside the service input rule', () => {
  it.each([
    ['a fee under 1.00 (3.35% of $20)', { convenience_fee: '0.67' }, { convenienceFeeCents: 67 }],
    ['tax and shipping under 1.00', { tax: '0.05', shipping: 0.5 }, { taxCents: 5, shippingCents: 50 }],
    ['an amount under 1.00', { amount: '0.50', convenience_fee: '0.00' }, { amountCents: 50, convenienceFeeCents: 0 }],
    ['an amount of 0.00', { amount: '0.00', convenience_fee: null }, { amountCents: 0, convenienceFeeCents: 0 }],
    ['an amount over 100,000.00', { amount: '250000.00' }, { amountCents: 25_000_000 }],
    [
      'a fee over 100,000.00',
      { amount: '300000.00', convenience_fee: '150000.00' },
      { convenienceFeeCents: 15_000_000 },
    ],
  ])('%s is read as sent', (_name, patch, expected) => {
    expect(read(sale(patch))[1]).toMatchObject(expected);
  });
});

describe('what cannot be read still fails the page, naming the field and the value', () => {
  it.each([
    ['not a number', { amount: 'twelve' }, /field objects\.1\.amount has "twelve": .*not a decimal amount/],
    ['a negative amount', { amount: '-12.00' }, /field objects\.1\.amount has "-12\.00": .*negative/],
    ['a negative fee', { convenience_fee: '-0.67' }, /field objects\.1\.convenience_fee has "-0\.67": negative/],
    ['a missing id', { id: undefined }, /field objects\.1\.id/],
    ['a wrong type', { payee: 'Lincoln High' }, /field objects\.1\.payee has "Lincoln High"/],
    ['more than two decimals', { tax: '0.675' }, /field objects\.1\.tax has "0\.675": .*more than two decimal places/],
    ['beyond safe cents (the hardening bound)', { amount: '1000000000000000.00' }, /objects\.1\.amount .*out of range/],
  ])('%s', (_name, patch, message) => {
    expect(() => read(sale(patch))).toThrow(ResponseFormatError);
    expect(() => read(sale(patch))).toThrow(message);
  });
});
