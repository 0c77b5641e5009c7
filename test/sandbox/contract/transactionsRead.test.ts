/**
 * The sandbox's contract, one row per spec rule (rows and runner in ./rows.ts and ./setup.ts).
 * Reading transactions: the list, its filters and extensions, and one transaction.
 */
import { expect } from 'vitest';
import { reads, refusedRead, MONEY } from './rows';
import { contractRules, ids, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('GET /txns', [
  reads('Transaction money is a decimal string with two decimals', '/txns?limit=100', (r) => {
    for (const t of r.json.objects)
      for (const f of ['amount', 'amount_refunded', 'convenience_fee', 'tax', 'shipping']) expect(t[f]).toMatch(MONEY);
  }),
  reads('Transaction id and batch are ints; a transaction carries no date field', '/txns?limit=100', (r) => {
    for (const t of r.json.objects) {
      expect(Number.isInteger(t.id)).toBe(true);
      expect(t.batch === null || Number.isInteger(t.batch)).toBe(true);
      expect(t).not.toHaveProperty('date');
      expect(t).not.toHaveProperty('created');
    }
  }),
  reads('transactions come in ascending id order', '/txns?limit=100&offset=50', (r) => {
    const list = r.json.objects.map((t: { id: number }) => t.id);
    expect(list).toEqual([...list].sort((a, b) => a - b));
  }),
  reads('list without extensions has no payer, gl_account or items', '/txns?limit=5', (r) => {
    expect(r.json.objects[0]).not.toHaveProperty('payer');
    expect(r.json.objects[0]).not.toHaveProperty('items');
  }),
  reads('extension items adds items with GL accounts and students', '/txns?limit=100&extensions=items', (r) => {
    const t = r.json.objects.find((x: { items: unknown[] }) => x.items.length > 0);
    expect(t.items[0]).toMatchObject({
      id: expect.any(String),
      amount: expect.stringMatching(MONEY),
      gl_account: { id: expect.any(String) },
      student: { number: expect.any(String), district_id: expect.any(Number), name: expect.any(String) },
    });
  }),
  reads('extension recurring is accepted on GET /txns', '/txns?limit=1&extensions=recurring', (r) =>
    expect(r.json.objects[0]).toHaveProperty('recurring'),
  ),
  refusedRead('extension payer is not offered on GET /txns', '/txns?extensions=payer'),
  reads('since returns ids greater than the value', '/txns?since=1000010&limit=5', (r) =>
    expect(r.json.objects[0].id).toBe(1_000_011),
  ),
  reads(
    'payees filters by payee',
    () => `/txns?payees=${ids.payee}&limit=100`,
    (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const t of r.json.objects) expect(t.payee).toBe(ids.payee);
    },
  ),
  refusedRead('an unknown payee -> 400 INVALID_PAYEE', '/txns?payees=999', 'INVALID_PAYEE'),
  reads('payment_method takes a comma-separated list', '/txns?payment_method=Cash,PhysicalCheck&limit=100', (r) => {
    expect(r.json.objects.length).toBeGreaterThan(0);
    for (const t of r.json.objects) expect(['Cash', 'PhysicalCheck']).toContain(t.payment_method);
  }),
  refusedRead('an unknown payment_method -> 400 INVALID_FIELD', '/txns?payment_method=Bitcoin'),
  refusedRead(
    'after in another format than %Y-%m-%d %H:%M:%S -> 400 INVALID_FIELD',
    '/txns?after=2026-03-01T00:00:00Z',
  ),
  reads(
    'batch returns the transactions of that batch',
    () => `/txns?batch=${ids.batch}&limit=100`,
    (r) => {
      const batch = sandbox()
        .truth()
        .batches.find((b) => b.id === ids.batch)!;
      expect(r.json.objects).toHaveLength(batch.totalCount);
      for (const t of r.json.objects) expect(String(t.batch)).toBe(ids.batch);
    },
  ),
]);

contractRules('GET /txns/:id', [
  reads(
    'GET /txns/:id without extensions has no payer or gl_account',
    () => `/txns/${ids.settled}`,
    (r) => {
      expect(r.json.id).toBe(ids.settled);
      expect(r.json).not.toHaveProperty('payer');
      expect(r.json).not.toHaveProperty('gl_account');
    },
  ),
  reads(
    'extension payer adds payer, bank_account, credit_card (card masked)',
    () => `/txns/${ids.settled}?extensions=payer`,
    (r) => {
      expect(r.json.payer.name).toMatch(/ /);
      expect(r.json).toHaveProperty('bank_account');
      expect(r.json).toHaveProperty('credit_card');
      if (r.json.credit_card) expect(r.json.credit_card.pan).toMatch(/^\*+\d{4}$/);
    },
  ),
  reads(
    'extension gl adds gl_account',
    () => `/txns/${ids.settled}?extensions=gl`,
    (r) => expect(r.json).toHaveProperty('gl_account'),
  ),
  refusedRead('extension items is not offered on GET /txns/:id', () => `/txns/${ids.settled}?extensions=items`),
  refusedRead('an unknown transaction -> 404 TXN_NOT_FOUND', '/txns/42', 'TXN_NOT_FOUND', 404),
]);
