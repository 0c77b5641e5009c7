/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * How a payment is paid (POST /txns): the credit card, the bank account, the payer.
 */
import { expect } from 'vitest';
import { TEST_CARDS } from '../../../electron/sandbox/index';
import { refused, accepted, pay, payer, card, ach } from './rows';
import { contractRules, useContractSandbox } from './setup';

useContractSandbox();

contractRules('POST /txns: credit card', [
  refused('credit_card is required for CC', pay('20.00', { credit_card: undefined })),
  refused('pan must pass the Luhn check', card({ pan: '4111111111111112' })),
  refused('pan of 11 digits is refused', card({ pan: '41111111116' })),
  refused('pan of 17 digits is refused', card({ pan: '41111111111111110' })),
  accepted('pan of 12 digits passing Luhn is accepted', card({ pan: '411111111117' })),
  refused('first digit 4 is Visa, not MasterCard', card({ brand: 'MasterCard' })),
  accepted(
    'first digit 3 is AmericanExpress with a 4-digit code',
    pay('20.00', { credit_card: TEST_CARDS.AmericanExpress }),
  ),
  refused(
    'AmericanExpress with a 3-digit security code is refused',
    pay('20.00', { credit_card: { ...TEST_CARDS.AmericanExpress, security_code: '123' } }),
  ),
  refused('Visa with a 4-digit security code is refused', card({ security_code: '1234' })),
  accepted('MasterCard (5) and Discover (6) are accepted', pay('20.00', { credit_card: TEST_CARDS.Discover })),
  refused('security_code must be numeric', card({ security_code: '12a' })),
  refused('expires must be a valid MMYY date', card({ expires: '1330' })),
  refused('brand must be one of the four', card({ brand: 'Diners' })),
  accepted('store_card returns a stored_card_retrieval_token', pay('20.00', { store_card: true }), (r) =>
    expect(r.json.stored_card_retrieval_token).toMatch(/^tok_/),
  ),
  refused(
    'an unknown stored_card_retrieval_token is refused',
    pay('20.00', { credit_card: undefined, stored_card_retrieval_token: 'tok_unknown' }),
  ),
  refused(
    'stored_card_retrieval_token must be longer than 1',
    pay('20.00', { credit_card: undefined, stored_card_retrieval_token: 'x' }),
  ),
]);

contractRules('POST /txns: bank account', [
  refused('bank_account is required for ACH', pay('20.00', { payment_method: 'ACH', credit_card: undefined })),
  refused('routing_number must pass the ABA check', ach({ routing_number: '011000016' })),
  refused('routing_number needs at least 6 digits', ach({ routing_number: '01100' })),
  refused('account_number needs at least 6 digits', ach({ account_number: '12345' })),
  refused('account_number must be numeric', ach({ account_number: '12345a78' })),
]);

contractRules('POST /txns: payer', [
  refused('payer name needs two names', payer({ name: 'Cher' })),
  refused('payer name is letters only', payer({ name: 'Jose Garcia3' })),
  accepted('payer name may be non-ASCII letters (sent escaped)', payer({ name: 'Zoë Nguyễn' })),
  refused('payer address longer than 1', payer({ address: '1' })),
  accepted('payer address of 20 characters is accepted', payer({ address: '12345 Long Street Rd' })),
  refused('payer address of 21 characters is refused', payer({ address: '12345 Long Street Rd.' })),
  refused('payer email must be an e-mail address', payer({ email: 'not-an-email' })),
  refused('payer phone numeric, at least 10', payer({ phone: '217555010' })),
  refused('payer ip must be IPv4', payer({ ip: '256.1.1.1' })),
  refused('payer city longer than 1', payer({ city: 'X' })),
  refused('payer postal_code numeric, at least 10', payer({ postal_code: '627040000' })),
  refused('payer country is a three-letter code from the list', payer({ country: 'US' })),
  refused('payer state is required from the list when country is USA', payer({ state: 'XX' })),
  accepted('payer state is optional outside the USA', payer({ country: 'CAN', state: undefined })),
  refused('payer is required for CC', pay('20.00', { payer: undefined })),
]);
