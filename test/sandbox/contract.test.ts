/**
 * The spec, one line per rule, over real HTTP. Each row sends one request and checks the status,
 * the error code, and (where the rule is about the answer's shape) a predicate on the body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePayment, TEST_BANK_ACCOUNT, TEST_CARDS } from '../../electron/sandbox/index';
import {
  sandboxClient,
  startTestSandbox,
  type Reply,
  type SandboxClient,
  type SandboxServer,
} from '../helpers/sandbox';

let server: SandboxServer;
let api: SandboxClient;
/** Ids prepared before the table runs. */
const ids = {
  payee: 0,
  settled: 0,
  settledForItems: 0,
  pending: 0,
  pendingForVoidPath: 0,
  batch: '',
  itemTxn: 0,
  itemId: '',
};

beforeAll(async () => {
  ({ server, api } = await startTestSandbox({ scenario: { days: 20, dailyVolume: 40 } }));
  const truth = server.truth();
  ids.payee = truth.payees[0]!.id;
  const settled = truth.transactions.filter(
    (t) => t.status === 'Settled' && t.amountRefundedCents === 0 && t.amountCents >= 2000,
  );
  ids.settled = settled[0]!.id;
  ids.settledForItems = settled[1]!.id;
  ids.batch = truth.batches[0]!.id;
  const withItems = (await api.get(`/txns?extensions=items&limit=100`)).json.objects.find(
    (t: { id: number; status: string; items: unknown[] }) =>
      t.status === 'Settled' && t.items.length > 0 && t.id !== ids.settled && t.id !== ids.settledForItems,
  );
  ids.itemTxn = withItems.id;
  ids.itemId = withItems.items[0].id;
  ids.pending = (await api.post('/txns', samplePayment(ids.payee, '40.00'))).json.id;
  ids.pendingForVoidPath = (await api.post('/txns', samplePayment(ids.payee, '41.00'))).json.id;
});

afterAll(() => server?.close());

type Check = (reply: Reply) => void;
interface Rule {
  rule: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string | (() => string);
  body?: unknown | (() => unknown);
  auth?: boolean;
  headers?: Record<string, string>;
  status: number;
  error?: string;
  check?: Check;
}

const pay =
  (amount: string, overrides: Record<string, unknown> = {}) =>
  () =>
    samplePayment(ids.payee, amount, overrides);
const payer = (overrides: Record<string, unknown>) =>
  pay('20.00', { payer: { ...(samplePayment(0, '1.00').payer as object), ...overrides } });
const card = (overrides: Record<string, unknown>) =>
  pay('20.00', { credit_card: { ...TEST_CARDS.Visa, ...overrides } });
const ach = (overrides: Record<string, unknown>) =>
  pay('20.00', { payment_method: 'ACH', credit_card: undefined, bank_account: { ...TEST_BANK_ACCOUNT, ...overrides } });
const status =
  (expected: string): Check =>
  (r) =>
    expect(r.json.status).toBe(expected);
const MONEY = /^\d+\.\d{2}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const RULES: Rule[] = [
  // ---- Authentication and global rules
  {
    rule: 'no Authentication header -> 401 with an error body',
    path: '/payees',
    auth: false,
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  {
    rule: 'a wrong secret -> 401',
    path: '/payees',
    auth: false,
    headers: { Authentication: `Basic ${Buffer.from('sandbox-token:nope').toString('base64')}` },
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  {
    rule: 'the Authorization header is not the Authentication header -> 401',
    path: '/payees',
    auth: false,
    headers: { Authorization: `Basic ${Buffer.from('sandbox-token:sandbox-secret').toString('base64')}` },
    status: 401,
    error: 'NOT_AUTHORIZED',
  },
  { rule: 'Authentication: Basic base64(token:secret) is accepted', path: '/payees', status: 200 },
  { rule: 'an unknown path -> 404', path: '/nothing-here', status: 404, error: 'NOT_FOUND' },
  {
    rule: 'a non-numeric transaction id is an unknown path -> 404',
    path: '/txns/abc',
    status: 404,
    error: 'NOT_FOUND',
  },
  { rule: 'an unexpected method -> 405', method: 'DELETE', path: '/txns', status: 405, error: 'METHOD_NOT_ALLOWED' },
  {
    rule: 'POST on a GET-only resource -> 405',
    method: 'POST',
    path: '/payees',
    body: {},
    status: 405,
    error: 'METHOD_NOT_ALLOWED',
  },
  {
    rule: 'raw non-ASCII in a JSON request body -> 500',
    path: '/gl-accounts',
    method: 'POST',
    body: '{"label":"Café","number":"10-1-1"}',
    status: 500,
    error: 'SERVER_ERROR',
  },
  {
    rule: 'non-ASCII sent as \\uXXXX escapes is accepted',
    path: '/gl-accounts',
    method: 'POST',
    body: '{"label":"Caf\\u00e9","number":"10-1-1"}',
    status: 204,
  },
  {
    rule: 'malformed JSON -> 400 INVALID_JSON',
    path: '/txns',
    method: 'POST',
    body: '{"payee": ',
    status: 400,
    error: 'INVALID_JSON',
  },
  {
    rule: 'a body that is not an object -> 400 INVALID_FIELD',
    path: '/txns',
    method: 'POST',
    body: '[1,2]',
    status: 400,
    error: 'INVALID_FIELD',
  },

  // ---- Paging
  {
    rule: 'limit defaults to 30',
    path: '/txns',
    status: 200,
    check: (r) => {
      expect(r.json.limit).toBe(30);
      expect(r.json.offset).toBe(0);
      expect(r.json.objects).toHaveLength(30);
    },
  },
  {
    rule: 'limit 100 is allowed',
    path: '/txns?limit=100',
    status: 200,
    check: (r) => expect(r.json.objects).toHaveLength(100),
  },
  { rule: 'limit above 100 is refused', path: '/txns?limit=101', status: 400, error: 'INVALID_FIELD' },
  { rule: 'limit 0 is refused', path: '/txns?limit=0', status: 400, error: 'INVALID_FIELD' },
  { rule: 'a negative offset is refused', path: '/txns?offset=-1', status: 400, error: 'INVALID_FIELD' },
  {
    rule: 'offset skips objects',
    path: '/txns?limit=2&offset=1',
    status: 200,
    check: (r) => expect(r.json.objects[0].id).toBe(1_000_002),
  },

  // ---- GET /payees, GET/POST /gl-accounts
  {
    rule: 'GET /payees -> Payee[] with id, name, merchant_id',
    path: '/payees',
    status: 200,
    check: (r) => {
      expect(Array.isArray(r.json)).toBe(true);
      expect(r.json[0]).toEqual({ id: expect.any(Number), name: expect.any(String), merchant_id: expect.any(String) });
    },
  },
  {
    rule: 'GET /gl-accounts -> GLAccount[] with string ids',
    path: '/gl-accounts',
    status: 200,
    check: (r) => {
      expect(r.json.length).toBeGreaterThanOrEqual(20);
      expect(r.json[0]).toEqual({ id: expect.any(String), label: expect.any(String), number: expect.any(String) });
    },
  },
  {
    rule: 'POST /gl-accounts creates -> 204',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701' },
    status: 204,
  },
  {
    rule: 'POST /gl-accounts of an existing account succeeds (idempotent)',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701' },
    status: 204,
  },
  {
    rule: 'creating twice leaves one account',
    path: '/gl-accounts',
    status: 200,
    check: (r) => expect(r.json.filter((a: { label: string }) => a.label === 'Robotics Club')).toHaveLength(1),
  },
  {
    rule: 'POST /gl-accounts remove=yes removes -> 204',
    path: '/gl-accounts',
    body: { label: 'Robotics Club', number: '10-2700-1701', remove: 'yes' },
    status: 204,
  },
  {
    rule: 'a removed account is no longer listed',
    path: '/gl-accounts',
    status: 200,
    check: (r) => expect(r.json.some((a: { label: string }) => a.label === 'Robotics Club')).toBe(false),
  },
  {
    rule: 'removing a nonexistent account -> 404 ACCOUNT_NOT_FOUND',
    path: '/gl-accounts',
    body: { label: 'Nope', number: '99-9999', remove: 'yes' },
    status: 404,
    error: 'ACCOUNT_NOT_FOUND',
  },
  {
    rule: 'GL account label is required',
    path: '/gl-accounts',
    body: { number: '10-1' },
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'GL account label longer than 1',
    path: '/gl-accounts',
    body: { label: 'X', number: '10-1' },
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'GL account number longer than 1',
    path: '/gl-accounts',
    body: { label: 'Xy', number: '1' },
    status: 400,
    error: 'INVALID_FIELD',
  },

  // ---- GET /txns
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
      const batch = server.truth().batches.find((b) => b.id === ids.batch)!;
      expect(r.json.objects).toHaveLength(batch.totalCount);
      for (const t of r.json.objects) expect(String(t.batch)).toBe(ids.batch);
    },
  },

  // ---- GET /txns/:id
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

  // ---- POST /txns (process): processor test amounts
  {
    rule: 'a new CC payment is Pending',
    path: '/txns',
    body: pay('25.00'),
    status: 200,
    check: (r) => {
      expect(r.json.status).toBe('Pending');
      expect(r.json.batch).toBeNull();
      expect(r.json.amount).toBe('25.00');
    },
  },
  { rule: 'cents .10 decline', path: '/txns', body: pay('25.10'), status: 200, check: status('Declined') },
  { rule: 'cents .11 decline', path: '/txns', body: pay('25.11'), status: 200, check: status('Declined') },
  { rule: 'cents .12 error', path: '/txns', body: pay('25.12'), status: 200, check: status('Error') },
  { rule: 'cents .97 unknown', path: '/txns', body: pay('25.97'), status: 200, check: status('Unknown') },
  { rule: 'cents .02 settle at once', path: '/txns', body: pay('25.02'), status: 200, check: status('Settled') },
  { rule: 'a new ACH payment is Pending', path: '/txns', body: ach({}), status: 200, check: status('Pending') },
  {
    rule: 'Cash is recorded through the virtual terminal, Settled',
    path: '/txns',
    body: pay('30.00', { payment_method: 'Cash', credit_card: undefined }),
    status: 200,
    check: status('Settled'),
  },
  {
    rule: 'PhysicalCheck is recorded through the virtual terminal, Settled',
    path: '/txns',
    body: pay('30.00', { payment_method: 'PhysicalCheck', credit_card: undefined, payer: undefined }),
    status: 200,
    check: status('Settled'),
  },
  // ---- amounts
  {
    rule: 'amount must be a string, not a JSON number',
    path: '/txns',
    body: pay('1', { amount: 12.34 }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  { rule: 'amount needs exactly two decimals', path: '/txns', body: pay('12.3'), status: 400, error: 'INVALID_FIELD' },
  {
    rule: 'amount of three decimals is refused',
    path: '/txns',
    body: pay('12.345'),
    status: 400,
    error: 'INVALID_FIELD',
  },
  { rule: 'amount below 1.00 is refused', path: '/txns', body: pay('0.99'), status: 400, error: 'INVALID_FIELD' },
  { rule: 'amount 1.00 is allowed', path: '/txns', body: pay('1.00'), status: 200 },
  { rule: 'amount 100000.00 is allowed', path: '/txns', body: pay('100000.00'), status: 200 },
  {
    rule: 'amount above 100000.00 is refused',
    path: '/txns',
    body: pay('100000.01'),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'amount is required',
    path: '/txns',
    body: pay('1.00', { amount: undefined }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'convenience_fee has the amount rule (>= 1.00)',
    path: '/txns',
    body: pay('20.00', { convenience_fee: '0.50' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'tax has the amount rule (two decimals)',
    path: '/txns',
    body: pay('20.00', { tax: '1.5' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'shipping has the amount rule',
    path: '/txns',
    body: pay('20.00', { shipping: '0.00' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'fee, tax and shipping are parts of amount',
    path: '/txns',
    body: pay('20.00', { convenience_fee: '10.00', tax: '10.00' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'fee, tax and shipping within amount are accepted',
    path: '/txns',
    body: pay('20.00', { convenience_fee: '1.00', tax: '1.50', shipping: '5.00' }),
    status: 200,
    check: (r) => expect(r.json.convenience_fee).toBe('1.00'),
  },
  // ---- payee and GL
  {
    rule: 'payee must exist -> 400 INVALID_PAYEE',
    path: '/txns',
    body: () => samplePayment(999, '20.00'),
    status: 400,
    error: 'INVALID_PAYEE',
  },
  {
    rule: 'payee must be an int',
    path: '/txns',
    body: () => samplePayment('101' as unknown as number, '20.00'),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'gl_account must exist -> 400 INVALID_GL',
    path: '/txns',
    body: pay('20.00', { gl_account: '424242' }),
    status: 400,
    error: 'INVALID_GL',
  },
  {
    rule: 'an existing gl_account is accepted',
    path: '/txns',
    body: () => samplePayment(ids.payee, '20.00', { gl_account: server.truth().glAccounts[0]!.id }),
    status: 200,
    check: (r) => expect(r.json.gl_account.id).toBe(server.truth().glAccounts[0]!.id),
  },
  {
    rule: 'payment_method must be ACH, CC, Cash or PhysicalCheck',
    path: '/txns',
    body: pay('20.00', { payment_method: 'Wire' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  // ---- credit card
  {
    rule: 'credit_card is required for CC',
    path: '/txns',
    body: pay('20.00', { credit_card: undefined }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'pan must pass the Luhn check',
    path: '/txns',
    body: card({ pan: '4111111111111112' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'pan of 11 digits is refused',
    path: '/txns',
    body: card({ pan: '41111111116' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'pan of 17 digits is refused',
    path: '/txns',
    body: card({ pan: '41111111111111110' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'pan of 12 digits passing Luhn is accepted',
    path: '/txns',
    body: card({ pan: '411111111117' }),
    status: 200,
  },
  {
    rule: 'first digit 4 is Visa, not MasterCard',
    path: '/txns',
    body: card({ brand: 'MasterCard' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'first digit 3 is AmericanExpress with a 4-digit code',
    path: '/txns',
    body: () => samplePayment(ids.payee, '20.00', { credit_card: TEST_CARDS.AmericanExpress }),
    status: 200,
  },
  {
    rule: 'AmericanExpress with a 3-digit security code is refused',
    path: '/txns',
    body: () =>
      samplePayment(ids.payee, '20.00', { credit_card: { ...TEST_CARDS.AmericanExpress, security_code: '123' } }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'Visa with a 4-digit security code is refused',
    path: '/txns',
    body: card({ security_code: '1234' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'MasterCard (5) and Discover (6) are accepted',
    path: '/txns',
    body: () => samplePayment(ids.payee, '20.00', { credit_card: TEST_CARDS.Discover }),
    status: 200,
  },
  {
    rule: 'security_code must be numeric',
    path: '/txns',
    body: card({ security_code: '12a' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'expires must be a valid MMYY date',
    path: '/txns',
    body: card({ expires: '1330' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'brand must be one of the four',
    path: '/txns',
    body: card({ brand: 'Diners' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'store_card returns a stored_card_retrieval_token',
    path: '/txns',
    body: pay('20.00', { store_card: true }),
    status: 200,
    check: (r) => expect(r.json.stored_card_retrieval_token).toMatch(/^tok_/),
  },
  {
    rule: 'an unknown stored_card_retrieval_token is refused',
    path: '/txns',
    body: pay('20.00', { credit_card: undefined, stored_card_retrieval_token: 'tok_unknown' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'stored_card_retrieval_token must be longer than 1',
    path: '/txns',
    body: pay('20.00', { credit_card: undefined, stored_card_retrieval_token: 'x' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  // ---- bank account
  {
    rule: 'bank_account is required for ACH',
    path: '/txns',
    body: pay('20.00', { payment_method: 'ACH', credit_card: undefined }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'routing_number must pass the ABA check',
    path: '/txns',
    body: ach({ routing_number: '011000016' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'routing_number needs at least 6 digits',
    path: '/txns',
    body: ach({ routing_number: '01100' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'account_number needs at least 6 digits',
    path: '/txns',
    body: ach({ account_number: '12345' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'account_number must be numeric',
    path: '/txns',
    body: ach({ account_number: '12345a78' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  // ---- payer
  {
    rule: 'payer name needs two names',
    path: '/txns',
    body: payer({ name: 'Cher' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer name is letters only',
    path: '/txns',
    body: payer({ name: 'Jose Garcia3' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer name may be non-ASCII letters (sent escaped)',
    path: '/txns',
    body: payer({ name: 'Zoë Nguyễn' }),
    status: 200,
  },
  {
    rule: 'payer address longer than 1',
    path: '/txns',
    body: payer({ address: '1' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer address of 20 characters is accepted',
    path: '/txns',
    body: payer({ address: '12345 Long Street Rd' }),
    status: 200,
  },
  {
    rule: 'payer address of 21 characters is refused',
    path: '/txns',
    body: payer({ address: '12345 Long Street Rd.' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer email must be an e-mail address',
    path: '/txns',
    body: payer({ email: 'not-an-email' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer phone numeric, at least 10',
    path: '/txns',
    body: payer({ phone: '217555010' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer ip must be IPv4',
    path: '/txns',
    body: payer({ ip: '256.1.1.1' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  { rule: 'payer city longer than 1', path: '/txns', body: payer({ city: 'X' }), status: 400, error: 'INVALID_FIELD' },
  {
    rule: 'payer postal_code numeric, at least 10',
    path: '/txns',
    body: payer({ postal_code: '627040000' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer country is a three-letter code from the list',
    path: '/txns',
    body: payer({ country: 'US' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer state is required from the list when country is USA',
    path: '/txns',
    body: payer({ state: 'XX' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'payer state is optional outside the USA',
    path: '/txns',
    body: payer({ country: 'CAN', state: undefined }),
    status: 200,
  },
  {
    rule: 'payer is required for CC',
    path: '/txns',
    body: pay('20.00', { payer: undefined }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  // ---- items
  {
    rule: 'items adding up to amount - fee - tax - shipping are accepted',
    path: '/txns',
    body: pay('23.00', {
      convenience_fee: '1.00',
      tax: '2.00',
      items: [
        { id: 'a', item_name: 'Field trip', amount: '15.00' },
        { id: 'b', item_name: 'Lunch', amount: '5.00' },
      ],
    }),
    status: 200,
    check: (r) => expect(r.json.items).toHaveLength(2),
  },
  {
    rule: 'items that do not add up are refused',
    path: '/txns',
    body: pay('23.00', { items: [{ id: 'a', item_name: 'Field trip', amount: '15.00' }] }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'an item with an unknown GL account -> INVALID_GL',
    path: '/txns',
    body: pay('15.00', { items: [{ id: 'a', item_name: 'Trip', amount: '15.00', gl_account: '424242' }] }),
    status: 400,
    error: 'INVALID_GL',
  },

  // ---- refund and void
  {
    rule: 'operation must be refund or void',
    path: '/txns',
    body: () => ({ operation: 'cancel', transaction_id: ids.pending }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'transaction_id is required',
    path: '/txns',
    body: { operation: 'void' },
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'reversing an unknown transaction -> 404 TXN_NOT_FOUND',
    path: '/txns',
    body: { operation: 'void', transaction_id: 42 },
    status: 404,
    error: 'TXN_NOT_FOUND',
  },
  {
    rule: 'void must not carry an amount',
    path: '/txns',
    body: () => ({ operation: 'void', transaction_id: ids.pending, amount: '1.00' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'refund of a Pending transaction -> CANNOT_UNDO (only after settlement)',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.pending, items: [] }),
    status: 400,
    error: 'CANNOT_UNDO',
  },
  {
    rule: 'void of a Pending transaction -> Voided',
    path: '/txns',
    body: () => ({ operation: 'void', transaction_id: ids.pending }),
    status: 200,
    check: status('Voided'),
  },
  {
    rule: 'void of a Voided transaction -> CANNOT_UNDO',
    path: '/txns',
    body: () => ({ operation: 'void', transaction_id: ids.pending }),
    status: 400,
    error: 'CANNOT_UNDO',
  },
  {
    rule: 'POST /txns/:id is the reversal path too',
    path: () => `/txns/${ids.pendingForVoidPath}`,
    body: { operation: 'void' },
    status: 200,
    check: status('Voided'),
  },
  {
    rule: 'void of a Settled transaction -> CANNOT_UNDO',
    path: '/txns',
    body: () => ({ operation: 'void', transaction_id: ids.settled }),
    status: 400,
    error: 'CANNOT_UNDO',
  },
  {
    rule: 'refund lists items as required',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '1.00' }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'refund of zero -> BAD_REFUND_AMOUNT',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '0.00', items: [] }),
    status: 400,
    error: 'BAD_REFUND_AMOUNT',
  },
  {
    rule: 'a negative refund -> BAD_REFUND_AMOUNT',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '-1.00', items: [] }),
    status: 400,
    error: 'BAD_REFUND_AMOUNT',
  },
  {
    rule: 'refund above the original -> BAD_REFUND_AMOUNT',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '100000.00', items: [] }),
    status: 400,
    error: 'BAD_REFUND_AMOUNT',
  },
  {
    rule: 'a refund failing at the provider -> TXN_ERROR (refund amount cents .12)',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '1.12', items: [] }),
    status: 400,
    error: 'TXN_ERROR',
  },
  {
    rule: 'a partial refund raises amount_refunded, status stays Settled',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, amount: '5.00', items: [] }),
    status: 200,
    check: (r) => {
      expect(r.json.amount_refunded).toBe('5.00');
      expect(r.json.status).toBe('Settled');
    },
  },
  {
    rule: 'refund without amount refunds the rest -> Refunded',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, items: [] }),
    status: 200,
    check: (r) => {
      expect(r.json.amount_refunded).toBe(r.json.amount);
      expect(r.json.status).toBe('Refunded');
    },
  },
  {
    rule: 'refund of a Refunded transaction -> CANNOT_UNDO',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.settled, items: [] }),
    status: 400,
    error: 'CANNOT_UNDO',
  },
  {
    rule: 'refund of an unknown item is refused',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.itemTxn, items: [{ id: 'nope', amount: '1.00' }] }),
    status: 400,
    error: 'INVALID_FIELD',
  },
  {
    rule: 'item-level refund raises amount_refunded by the items',
    path: '/txns',
    body: () => ({ operation: 'refund', transaction_id: ids.itemTxn, items: [{ id: ids.itemId, amount: '1.00' }] }),
    status: 200,
    check: (r) => expect(r.json.amount_refunded).toBe('1.00'),
  },

  // ---- GET /batches
  {
    rule: 'Batch: id a string, date YYYY-MM-DD, amounts decimal strings',
    path: '/batches?limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects) {
        expect(typeof b.id).toBe('string');
        expect(b.date).toMatch(DATE);
        for (const f of ['total_amount', 'fees_amount', 'partial_amount']) expect(b[f]).toMatch(MONEY);
        expect(Number.isInteger(b.total_count)).toBe(true);
      }
    },
  },
  {
    rule: 'partial_amount = total_amount - fees_amount',
    path: '/batches?limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects)
        expect(Math.round(Number(b.total_amount) * 100) - Math.round(Number(b.fees_amount) * 100)).toBe(
          Math.round(Number(b.partial_amount) * 100),
        );
    },
  },
  {
    rule: 'after returns batches dated after the date',
    path: '/batches?after=2026-03-05&limit=100',
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
    },
  },
  {
    rule: 'after also takes a %Y-%m-%d %H:%M:%S date-time',
    path: '/batches?after=2026-03-05%2000:00:00&limit=100',
    status: 200,
    check: (r) => {
      for (const b of r.json.objects) expect(b.date > '2026-03-05').toBe(true);
    },
  },
  {
    rule: 'open batches (today) are excluded',
    path: '/batches?after=2026-03-09&limit=100',
    status: 200,
    check: (r) => expect(r.json.objects).toEqual([]),
  },
  {
    rule: 'payees filters batches; an unknown payee -> INVALID_PAYEE',
    path: '/batches?payees=999',
    status: 400,
    error: 'INVALID_PAYEE',
  },
  {
    rule: 'payment_method filters batches',
    path: '/batches?payment_method=ACH&limit=100',
    status: 200,
    check: (r) => {
      expect(r.json.objects.length).toBeGreaterThan(0);
      for (const b of r.json.objects) expect(b.payment_method).toBe('ACH');
    },
  },

  // ---- GET /gl-batches
  {
    rule: 'GLBatch: batch_id an int, gl_batch_identifier a string, amounts decimal strings',
    path: '/gl-batches?limit=50',
    status: 200,
    check: (r) => {
      for (const g of r.json.objects) {
        expect(Number.isInteger(g.batch_id)).toBe(true);
        expect(typeof g.gl_batch_identifier).toBe('string');
        expect(g.amount).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.amount_without_fees).toMatch(/^-?\d+\.\d{2}$/);
        expect(g.date).toMatch(DATE);
      }
    },
  },
  {
    rule: 'a GL-batches page holds more objects than limit (fee/tax/shipping rows)',
    path: '/gl-batches?limit=10',
    status: 200,
    check: (r) => {
      expect(r.json.limit).toBe(10);
      expect(r.json.objects.length).toBeGreaterThan(10);
    },
  },
  {
    rule: 'start_date is exclusive ("after"), end_date inclusive ("before or on")',
    path: '/gl-batches?start_date=2026-03-01&end_date=2026-03-03&limit=100',
    status: 200,
    check: (r) => {
      const dates = new Set(r.json.objects.map((g: { date: string }) => g.date));
      expect([...dates].sort()).toEqual(['2026-03-02', '2026-03-03']);
    },
  },
  {
    rule: 'payment_methods filters GL rows',
    path: '/gl-batches?payment_methods=Cash&limit=100',
    status: 200,
    check: (r) => {
      const cash = new Set(
        server
          .truth()
          .batches.filter((b) => b.paymentMethod === 'Cash')
          .map((b) => Number(b.id)),
      );
      for (const g of r.json.objects) expect(cash.has(g.batch_id)).toBe(true);
    },
  },
  {
    rule: 'payees filters GL rows',
    path: () => `/gl-batches?payees=${ids.payee}&limit=100`,
    status: 200,
    check: (r) => {
      for (const g of r.json.objects) expect(g.payee_id).toBe(ids.payee);
    },
  },
  {
    rule: 'a start_date that is not YYYY-MM-DD -> INVALID_FIELD',
    path: '/gl-batches?start_date=03/01/2026',
    status: 400,
    error: 'INVALID_FIELD',
  },

  // ---- GET /items
  {
    rule: 'GET /items is a paged item listing',
    path: '/items',
    status: 200,
    check: (r) => {
      expect(r.json.limit).toBe(30);
      expect(r.json.objects[0]).toMatchObject({
        id: expect.any(Number),
        payee_id: expect.any(Number),
        title: expect.any(String),
        can_be_purcahsed: true,
      });
      expect(r.json.objects[0]).not.toHaveProperty('description');
    },
  },
  {
    rule: 'extension description adds the HTML description',
    path: '/items?extensions=description',
    status: 200,
    check: (r) => expect(r.json.objects[0].description).toMatch(/^</),
  },
  {
    rule: 'extension data_fields adds data_fields',
    path: '/items?extensions=data_fields',
    status: 200,
    check: (r) => expect(r.json.objects[0].data_fields).toEqual([]),
  },
  {
    rule: 'an extension GET /items does not offer is refused',
    path: '/items?extensions=gl',
    status: 400,
    error: 'INVALID_FIELD',
  },
];

describe('sandbox contract (one row per spec rule)', () => {
  // Rows run in order: some build on the state left by earlier rows (create, then list; partial, then full refund).
  it.each(RULES.map((r) => [r.rule, r] as const))('%s', async (_name, row) => {
    const body = typeof row.body === 'function' ? (row.body as () => unknown)() : row.body;
    const path = typeof row.path === 'function' ? row.path() : row.path;
    const reply = await api.request(path, {
      method: row.method ?? (body === undefined ? 'GET' : 'POST'),
      body,
      auth: row.auth,
      headers: row.headers,
    });
    expect({ status: reply.status, text: reply.text.slice(0, 300) }).toMatchObject({ status: row.status });
    if (row.status >= 400) {
      expect(reply.json).toEqual({ error: expect.any(String), message: expect.any(String) });
      if (row.error) expect(reply.json.error).toBe(row.error);
    }
    row.check?.(reply);
  });

  it('answers a second client with other credentials only with its own', async () => {
    const other = sandboxClient({ url: server.url, token: 'someone', secret: 'else' });
    expect((await other.get('/payees')).status).toBe(401);
  });
});
