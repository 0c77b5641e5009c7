/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * Taking a payment (POST /txns): processor test amounts, amounts, payee and GL, items.
 */
import { expect } from 'vitest';
import { samplePayment } from '../../../electron/sandbox/index';
import { refused, accepted, pay, ach, status } from './rows';
import { contractRules, ids, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('POST /txns (process): processor test amounts', [
  accepted('a new CC payment is Pending', pay('25.00'), (r) => {
    expect(r.json.status).toBe('Pending');
    expect(r.json.batch).toBeNull();
    expect(r.json.amount).toBe('25.00');
  }),
  accepted('cents .10 decline', pay('25.10'), status('Declined')),
  accepted('cents .11 decline', pay('25.11'), status('Declined')),
  accepted('cents .12 error', pay('25.12'), status('Error')),
  accepted('cents .97 unknown', pay('25.97'), status('Unknown')),
  accepted('cents .02 settle at once', pay('25.02'), status('Settled')),
  accepted('a new ACH payment is Pending', ach({}), status('Pending')),
  accepted(
    'Cash is recorded through the virtual terminal, Settled',
    pay('30.00', { payment_method: 'Cash', credit_card: undefined }),
    status('Settled'),
  ),
  accepted(
    'PhysicalCheck is recorded through the virtual terminal, Settled',
    pay('30.00', { payment_method: 'PhysicalCheck', credit_card: undefined, payer: undefined }),
    status('Settled'),
  ),
]);

contractRules('POST /txns: amounts', [
  refused('amount must be a string, not a JSON number', pay('1', { amount: 12.34 })),
  refused('amount needs exactly two decimals', pay('12.3')),
  refused('amount of three decimals is refused', pay('12.345')),
  refused('amount below 1.00 is refused', pay('0.99')),
  accepted('amount 1.00 is allowed', pay('1.00')),
  accepted('amount 100000.00 is allowed', pay('100000.00')),
  refused('amount above 100000.00 is refused', pay('100000.01')),
  refused('amount is required', pay('1.00', { amount: undefined })),
  refused('convenience_fee has the amount rule (>= 1.00)', pay('20.00', { convenience_fee: '0.50' })),
  refused('tax has the amount rule (two decimals)', pay('20.00', { tax: '1.5' })),
  refused('shipping has the amount rule', pay('20.00', { shipping: '0.00' })),
  refused('fee, tax and shipping are parts of amount', pay('20.00', { convenience_fee: '10.00', tax: '10.00' })),
  accepted(
    'fee, tax and shipping within amount are accepted',
    pay('20.00', { convenience_fee: '1.00', tax: '1.50', shipping: '5.00' }),
    (r) => expect(r.json.convenience_fee).toBe('1.00'),
  ),
]);

contractRules('POST /txns: payee and GL', [
  refused('payee must exist -> 400 INVALID_PAYEE', () => samplePayment(999, '20.00'), 'INVALID_PAYEE'),
  refused('payee must be an int', () => samplePayment('101' as unknown as number, '20.00')),
  refused('gl_account must exist -> 400 INVALID_GL', pay('20.00', { gl_account: '424242' }), 'INVALID_GL'),
  accepted(
    'an existing gl_account is accepted',
    () => samplePayment(ids.payee, '20.00', { gl_account: sandbox().truth().glAccounts[0]!.id }),
    (r) => expect(r.json.gl_account.id).toBe(sandbox().truth().glAccounts[0]!.id),
  ),
  refused('payment_method must be ACH, CC, Cash or PhysicalCheck', pay('20.00', { payment_method: 'Wire' })),
]);

contractRules('POST /txns: items', [
  accepted(
    'items adding up to amount - fee - tax - shipping are accepted',
    pay('23.00', {
      convenience_fee: '1.00',
      tax: '2.00',
      items: [
        { id: 'a', item_name: 'Field trip', amount: '15.00' },
        { id: 'b', item_name: 'Lunch', amount: '5.00' },
      ],
    }),
    (r) => expect(r.json.items).toHaveLength(2),
  ),
  refused(
    'items that do not add up are refused',
    pay('23.00', { items: [{ id: 'a', item_name: 'Field trip', amount: '15.00' }] }),
  ),
  refused(
    'an item with an unknown GL account -> INVALID_GL',
    pay('15.00', { items: [{ id: 'a', item_name: 'Trip', amount: '15.00', gl_account: '424242' }] }),
    'INVALID_GL',
  ),
]);
