/** Valid request bodies for tests and demos: every field passes the spec's rules. */
export const TEST_CARDS = {
  Visa: { brand: 'Visa', pan: '4111111111111111', expires: '1230', security_code: '123' },
  MasterCard: { brand: 'MasterCard', pan: '5555555555554444', expires: '1230', security_code: '123' },
  AmericanExpress: { brand: 'AmericanExpress', pan: '378282246310005', expires: '1230', security_code: '1234' },
  Discover: { brand: 'Discover', pan: '6011111111111117', expires: '1230', security_code: '123' },
} as const;

/** 011000015 passes the ABA check (3*(0+0+0) + 7*(1+0+1) + (1+0+5) = 20). */
export const TEST_BANK_ACCOUNT = { routing_number: '011000015', account_number: '123456789' } as const;

export const TEST_PAYER = {
  name: 'Jose Garcia',
  address: '12 Oak St',
  email: 'jose.garcia@example.com',
  phone: '2175550100',
  ip: '10.0.0.1',
  city: 'Springfield',
  state: 'IL',
  postal_code: '6270400001',
  country: 'USA',
} as const;

/** A CC payment of `amount` to `payee`; override any field. */
export function samplePayment(
  payee: number,
  amount: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    payee,
    payment_method: 'CC',
    amount,
    payer: { ...TEST_PAYER },
    credit_card: { ...TEST_CARDS.Visa },
    ...overrides,
  };
}
