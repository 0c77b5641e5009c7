/** The sandbox's contract, one row per spec rule. Reading transactions: the list, its filters and extensions, and one transaction. */
import { expect } from 'vitest';
import { MONEY } from './rows';
import { contractRules, ids, sandbox, useContractSandbox } from './setup';

useContractSandbox();

contractRules('GET /txns', [
  {
    rule: 'Transaction money is a decimal string with two decimals',
    path: '/txns?limit=100',
    status: 200,
    check: (r) => {
      for (const t of r.json.objects)
        for (const f of ['amount', 'amount_refunded', 'convenience_fee', 'tax', 'shipping'])
          expect(t[f]).toMatch(MONEY);
    },
  },
  {
    rule: 'Transaction id and batch are ints; a transaction carries no date field',
    path: '/txns?limit=100',
    status: 200,
    check: (r) => {
      for (const t of r.json.objects) {
        expect(Number.isInteger(t.id)).toBe(true);
        expect(t.batch === null || Number.isInteger(t.batch)).toBe(true);
        expect(t).not.toHaveProperty('date');
        expect(t).not.toHaveProperty('created');
      }
    },
  },
  {
    rule: 'transactions come in ascending id order',
    path: '/txns?limit=100&offset=50',
    status: 200,
    check: (r) => {
      const list = r.json.objects.map((t: { id: number }) => t.id);
      expect(list).toEqual([...list].sort((a, b) => a - b));
    },
  },
  {
    rule: 'list without extensions has no payer, gl_account or items',
    path: '/txns?limit=5',
    status: 200,
    check: (r) => {
      expect(r.json.objects[0]).not.toHaveProperty('payer');
      expect(r.json.objects[0]).not.toHaveProperty('items');
    },
  },
  {
    rule: 'extension items adds items with GL accounts and students',
    path: '/txns?limit=100&extensions=items',
    status: 200,
    check: (r) => {
      const t = r.json.objects.find((x: { items: unknown[] }) => x.items.length > 0);
      expect(t.items[0]).toMatchObject({
        id: expect.any(String),
        amount: expect.stringMatching(MONEY),
        gl_account: { id: expect.any(String) },
        student: { number: expect.any(String), district_id: expect.any(Number), name: expect.any(String) },
      });
    },
  },
  {
    rule: 'extension recurring is accepted on GET /txns',
    path: '/txns?limit=1&extensions=recurring',
    status: 200,
    check: (r) => expect(r.json.objects[0]).toHaveProperty('recurring'),
  },
  {
    rule: 'extension payer is not offered on GET /txns',
    path: '/txns?extensions=payer',
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'since returns ids greater than the value',
    path: '/txns?since=1000010&limit=5',
    status: 200,
    check: (r) => expect(r.json.objects[0].id).toBe(1_000_011),
  },
  {
    rule: 'payees filters by payee',
    path: () => `/txns?payees=${ids.payee}&limit=100`,
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const t of r.json.objects) expect(t.payee).toBe(ids.payee);
    },
  },
  { rule: 'an unknown payee -> 400 INVALID_PAYEE', path: '/txns?payees=999', status: 400, error: 'INVALID_PAYEE' },
  {
    rule: 'payment_method takes a comma-separated list',
    path: '/txns?payment_method=Cash,PhysicalCheck&limit=100',
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const t of r.json.objects) expect(['Cash', 'PhysicalCheck']).toContain(t.payment_method);
    },
  },
  {
    rule: 'an unknown payment_method -> 400 INVALID_FIELD',
    path: '/txns?payment_method=Bitcoin',
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'after in another format than %Y-%m-%d %H:%M:%S -> 400 INVALID_FIELD',
    path: '/txns?after=2026-03-01T00:00:00Z',
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'batch returns the transactions of that batch',
    path: () => `/txns?batch=${ids.batch}&limit=100`,
    status: 200,
    check: (r) => {
      const batch = sandbox()
        .truth()
        .batches.find((b) => b.id === ids.batch)!;
      expect(r.json.objects).toHaveLength(batch.totalCount);
      for (const t of r.json.objects) expect(String(t.batch)).toBe(ids.batch);
    },
  },
]);

contractRules('GET /txns/:id', [
  {
    rule: 'GET /txns/:id without extensions has no payer or gl_account',
    path: () => `/txns/${ids.settled}`,
    status: 200,
    check: (r) => {
      expect(r.json.id).toBe(ids.settled);
      expect(r.json).not.toHaveProperty('payer');
      expect(r.json).not.toHaveProperty('gl_account');
    },
  },
  {
    rule: 'extension payer adds payer, bank_account, credit_card (card masked)',
    path: () => `/txns/${ids.settled}?extensions=payer`,
    status: 200,
    check: (r) => {
      expect(r.json.payer.name).toMatch(/ /);
      expect(r.json).toHaveProperty('bank_account');
      expect(r.json).toHaveProperty('credit_card');
      if (r.json.credit_card) expect(r.json.credit_card.pan).toMatch(/^\*+\d{4}$/);
    },
  },
  {
    rule: 'extension gl adds gl_account',
    path: () => `/txns/${ids.settled}?extensions=gl`,
    status: 200,
    check: (r) => expect(r.json).toHaveProperty('gl_account'),
  },
  {
    rule: 'extension items is not offered on GET /txns/:id',
    path: () => `/txns/${ids.settled}?extensions=items`,
    status: 400,
    error: 'INVALID_FIELD',
  },
  { rule: 'an unknown transaction -> 404 TXN_NOT_FOUND', path: '/txns/42', status: 404, error: 'TXN_NOT_FOUND' },
]);
