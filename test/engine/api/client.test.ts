import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/engine/api/client';
import { encodeJsonBody } from '../../../electron/engine/api/body';
import {
  ConnectionConfigError,
  NetworkError,
  ResponseFormatError,
  ServiceError,
} from '../../../electron/engine/api/errors';
import { parseRetryAfter } from '../../../electron/engine/api/http';
import { walkPages } from '../../../electron/engine/api/paging';

type Reply = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server | undefined;
const seen: Array<{ method: string; url: string; headers: IncomingMessage['headers']; body: string }> = [];

async function serve(...replies: Reply[]): Promise<string> {
  seen.length = 0;
  let i = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('latin1')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = replies[Math.min(i++, replies.length - 1)]!;
      reply(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (_req, _body, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
const reset: Reply = (req) => req.socket.destroy();

const sleeps: number[] = [];
const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) =>
  new ServiceClient({
    baseUrl,
    token: 'tok-123456',
    secret: 'sec-abcdef',
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  });

afterEach(async () => {
  sleeps.length = 0;
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const payees = [{ id: 1, name: 'North High', merchant_id: 'M1', extra_field: 'kept' }];

describe('ServiceClient', () => {
  it('sends exactly "Authentication: Basic base64(token:secret)" and keeps unknown fields in raw', async () => {
    const url = await serve(json(200, payees));
    const result = await client(url).payees();
    expect(seen[0]!.headers['authentication']).toBe(`Basic ${Buffer.from('tok-123456:sec-abcdef').toString('base64')}`);
    expect(seen[0]!.headers['authorization']).toBeUndefined();
    expect(result[0]!.value).toEqual({ id: 1, name: 'North High', merchantId: 'M1', removed: false });
    expect(JSON.parse(result[0]!.raw)).toMatchObject({ extra_field: 'kept' });
  });

  it.each([
    ['http://example.com', true],
    ['http://10.0.0.5:8080', true],
    ['ftp://example.com', true],
    ['not a url', true],
    ['https://pay.example.com', false],
    ['http://127.0.0.1:9', false],
    ['http://127.4.5.6', false],
    ['http://localhost:1', false],
    ['http://[::1]:1', false],
  ])('base URL %s refused before any request: %s', (baseUrl, refused) => {
    const make = () => client(baseUrl);
    if (refused) expect(make).toThrow(ConnectionConfigError);
    else expect(make).not.toThrow();
  });

  it('does not follow redirects', async () => {
    const url = await serve((_req, _b, res) => {
      res.writeHead(302, { Location: 'https://evil.example.com/payees' });
      res.end();
    });
    await expect(client(url).payees()).rejects.toMatchObject({ name: 'ServiceError', code: 'REDIRECT', status: 302 });
    expect(seen).toHaveLength(1);
  });

  it('escapes non-ASCII in bodies as \\uXXXX after NFC (astral characters as surrogate pairs)', async () => {
    expect(encodeJsonBody({ name: 'Jose\u0301 😀 ü' })).toBe('{"name":"Jos\\u00e9 \\ud83d\\ude00 \\u00fc"}');
    const url = await serve((_req, _body, res) => {
      res.writeHead(204);
      res.end();
    });
    await client(url).changeGlAccount('add', { number: '4100', label: 'Cafétéria' });
    expect(seen[0]!.body).toBe('{"label":"Caf\\u00e9t\\u00e9ria","number":"4100"}');
    expect([...seen[0]!.body].every((ch) => ch.charCodeAt(0) < 0x80)).toBe(true);
  });

  it('retries GETs on 5xx, resets, garbled bodies and 429 (honouring Retry-After), with capped backoff', async () => {
    const url = await serve(
      json(503, { error: 'UNAVAILABLE', message: 'busy' }),
      reset,
      (_req, _body, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('[{"id": 1, "na');
      },
      json(429, { error: 'RATE_LIMITED', message: 'slow down' }, { 'Retry-After': '3' }),
      json(200, payees),
    );
    const result = await client(url).payees();
    expect(result).toHaveLength(1);
    expect(seen).toHaveLength(5);
    // random() = 0.5: half of 200, 400, 800 ms; then the 3 s the service asked for.
    expect(sleeps).toEqual([100, 200, 400, 3000]);
  });

  it('caps the backoff and gives up after the last attempt with a typed error', async () => {
    const url = await serve(json(500, { error: 'SERVER_ERROR', message: 'boom' }));
    const error = await client(url, { retry: { attempts: 10, maxDelayMs: 1000 }, random: () => 1 })
      .payees()
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ status: 500, code: 'SERVER_ERROR', endpoint: 'GET /payees' });
    expect(sleeps).toEqual([200, 400, 800, 1000, 1000, 1000, 1000, 1000, 1000]);
  });

  it('never retries a 4xx other than 429', async () => {
    const url = await serve(json(400, { error: 'INVALID_PAYEE', message: 'Payee 9 does not exist' }));
    const error = await client(url)
      .batchesPage(undefined, 0, 100)
      .catch((e) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_PAYEE',
      message: expect.stringContaining('Payee 9 does not exist'),
    });
    expect(seen).toHaveLength(1);
  });

  it('times out a request that hangs, and retries it', async () => {
    let n = 0;
    const url = await serve((req, body, res) => {
      if (n++ === 0) return; // never answers
      json(200, payees)(req, body, res);
    });
    const result = await client(url, { timeoutMs: 200 }).payees();
    expect(result).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });

  it('never repeats a POST blindly: after a lost answer it checks, and reissues only if nothing happened', async () => {
    const txn = (refunded: string, status = 'Settled') => ({
      id: 5,
      payee: 1,
      payment_method: 'CC',
      status,
      amount: '20.00',
      amount_refunded: refunded,
    });
    // Lost answer, but the refund happened: one POST only.
    let url = await serve(json(200, txn('0.00')), reset, json(200, txn('5.00')));
    const done = await client(url).reverse('refund', 5, '5.00');
    expect(done.value.amountRefundedCents).toBe(500);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET']);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    // Lost answer and nothing happened: reissued once.
    url = await serve(json(200, txn('0.00')), reset, json(200, txn('0.00')), json(200, txn('5.00')));
    const again = await client(url).reverse('refund', 5, '5.00');
    expect(again.value.amountRefundedCents).toBe(500);
    expect(seen.map((s) => s.method)).toEqual(['GET', 'POST', 'GET', 'POST']);
    expect(JSON.parse(seen[1]!.body)).toEqual({ operation: 'refund', transaction_id: 5, items: [], amount: '5.00' });
  });

  it('validates into cents and text batch ids; a malformed field names endpoint, field and value', async () => {
    const good = {
      id: 7,
      payee: 2,
      payment_method: 'ACH',
      status: 'Settled',
      amount: '12.30',
      amount_refunded: '0.05',
      batch: 730001,
      data: 'x',
    };
    const bad = { ...good, id: 8, amount: '12.345' };
    let url = await serve(json(200, { offset: 0, limit: 100, objects: [good] }));
    const [row] = await client(url).transactionsPage({}, 0, 100);
    expect(row!.value).toMatchObject({
      amountCents: 1230,
      amountRefundedCents: 5,
      batchId: '730001',
      convenienceFeeCents: 0,
    });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    url = await serve(json(200, { offset: 0, limit: 100, objects: [good, bad] }));
    const error = await client(url)
      .transactionsPage({}, 0, 100)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('GET /txns');
    expect(error.message).toContain('objects.1.amount');
    expect(error.message).toContain('"12.345"');
  });

  it('GL batches parse as GLBatch rows with batch_id as text', async () => {
    const row = {
      gl_batch_identifier: 'G1',
      date: '2026-03-02',
      batch_id: 730001,
      payee_id: 1,
      gl_account: { id: '101', label: 'Lunch', number: '4100' },
      amount: '10.00',
      amount_without_fees: '9.00',
      count: 3,
    };
    const url = await serve(json(200, { offset: 0, limit: 100, objects: [row] }));
    const [parsed] = await client(url).glBatchesPage({ startDate: '2026-03-01', endDate: '2026-03-02' }, 0, 100);
    expect(parsed!.value).toEqual({
      glBatchId: 'G1',
      date: '2026-03-02',
      batchId: '730001',
      payeeId: 1,
      glAccountId: '101',
      glNumber: '4100',
      glLabel: 'Lunch',
      amountCents: 1000,
      amountWithoutFeesCents: 900,
      count: 3,
    });
  });

  it('network errors are typed', async () => {
    const url = await serve(reset);
    const error = await client(url, { retry: { attempts: 1 } })
      .payees()
      .catch((e) => e);
    expect(error).toBeInstanceOf(NetworkError);
  });
});

describe('paging', () => {
  it('offsets are page x page size; only a page shorter than the limit stops (a page may hold more)', async () => {
    // 25 base rows; each page of `limit` base rows carries extra rows after them.
    const offsets: number[] = [];
    const fetchPage = async (offset: number, limit: number) => {
      offsets.push(offset);
      const base = Array.from({ length: Math.max(0, Math.min(limit, 25 - offset)) }, (_, i) => offset + i);
      return base.flatMap((b) => (b % 3 === 0 ? [b, b + 0.5] : [b]));
    };
    const rows: number[] = [];
    for await (const page of walkPages(fetchPage, { pageSize: 10 })) rows.push(...page.objects);
    expect(offsets).toEqual([0, 10, 20]);
    expect(rows.filter(Number.isInteger)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
