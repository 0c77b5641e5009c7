/**
 * The transport's bounds (DESIGN.md §4.6, issue 12 items 1, 6, 8): one answer's bytes, one
 * attempt's deadline over headers and body, one run's retry budget, Retry-After beyond the cap,
 * and answers with status 200 that are not the API's JSON.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../../electron/engine/api/client';
import { ConnectionConfigError, NotJsonError, WaitRefusedError } from '../../../electron/engine/api/errors';
import { readCappedText } from '../../../electron/engine/api/fetchExchange';
import { describeWait } from '../../../electron/engine/api/retryBudget';
import { toContractError } from '../../../electron/engine/sync/errors';
import { serve, served, stopServing, expectRefusedOnce } from './stubService';

afterEach(stopServing);

const slept: number[] = [];
const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) => {
  slept.length = 0;
  return new ServiceClient({
    baseUrl,
    token: 'tok',
    secret: 'sec',
    sleep: async (ms) => void slept.push(ms),
    random: () => 0.5,
    ...extra,
  });
};

describe('the transport bounds', () => {
  it('stops reading an answer past the byte cap while it streams (no Content-Length), never retried', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 20 && res.write(chunk)) sent++;
        if (sent < 20) res.once('drain', more);
        else res.end();
      };
      more();
    });
    await expectRefusedOnce(
      client(url, { maxResponseBytes: 2 * 1024 * 1024 }).payees(),
      'GET /payees: one answer was larger than 2 MB',
    );
  });

  it('refuses a declared Content-Length over the cap before reading it', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(17 * 1024 * 1024) });
      res.write('[');
    });
    await expect(client(url).payees()).rejects.toThrow('GET /payees: one answer was larger than 16 MB');
  });

  it.each([
    ['of declared length', true],
    ['streamed without a length', false],
  ])('reads an answer %s whole, its byte order mark left out as a UTF-8 decoder does', async (_name, declared) => {
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify([{ id: 7, name: 'Zoë High', merchant_id: 'm7' }])),
    ]);
    const url = await serve((res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        ...(declared ? { 'Content-Length': String(body.length) } : {}),
      });
      res.end(body);
    });
    const [payee] = await client(url).payees();
    expect(payee!.value).toEqual({ id: 7, name: 'Zoë High', merchantId: 'm7', removed: false });
  });

  it.each([
    ['streamed without a length', {}],
    ['of a declared length (read whole)', { 'Content-Length': '1000' }],
  ])('the deadline covers a body %s: headers at once, then a byte a second, fails within it', async (_name, length) => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', ...length });
      const timer = setInterval(() => res.write(' '), 1_000);
      res.on('close', () => clearInterval(timer));
    });
    const started = performance.now();
    await expect(client(url, { timeoutMs: 300, retry: { attempts: 1 } }).payees()).rejects.toMatchObject({
      name: 'NetworkError',
      timedOut: true,
    });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('one budget for all requests of a run: failed attempts and waits count, then it refuses, saying so', async () => {
    const url = await serve((res) => {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{"error":"UNAVAILABLE","message":"busy"}');
    });
    const c = client(url, { retry: { budgetMs: 1_000, baseDelayMs: 400, maxDelayMs: 400 }, random: () => 1 });
    const first = await c.payees().catch((e: unknown) => e);
    expect(first).toBeInstanceOf(WaitRefusedError);
    expect((first as Error).message).toMatch(
      /^GET \/payees: still failing after 1 s of waiting and retrying in this run \(the limit is 1 s\); last: GET \/payees: 503 UNAVAILABLE: busy$/,
    );
    // Two waits of 400 ms fit in 1 s when the failed attempts are quick; a loaded machine's slower
    // attempts count too, and may leave room for only one.
    expect(slept.length).toBeGreaterThanOrEqual(1);
    expect(slept.length).toBeLessThanOrEqual(2);
    expect(slept.every((ms) => ms === 400)).toBe(true);
    const waited = slept.length;
    // The next request of the same run has nothing left to wait with.
    await expect(c.glAccounts()).rejects.toBeInstanceOf(WaitRefusedError);
    expect(slept).toHaveLength(waited);
  });

  it('refuses a Retry-After beyond the cap at once, in words', async () => {
    const url = await serve((res) => {
      res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '119' });
      res.end('{"error":"RATE_LIMITED","message":"slow down"}');
    });
    const error = await client(url)
      .payees()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitRefusedError);
    expect(toContractError(error).message).toBe(
      'The payment service asked us to wait longer than District Recon waits in a sync. Try again later. (GET /payees: asked us to wait 1 min 59 s (Retry-After), longer than the 1 min we wait)',
    );
    expect(slept).toEqual([]);
    expect(served.requests).toBe(1);
  });

  it('tells the budget why it waits, for the progress line', async () => {
    let n = 0;
    const url = await serve((res) => {
      if (n++ === 0) {
        res.writeHead(429, { 'Retry-After': '30' });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('[]');
    });
    const c = client(url);
    const said: string[] = [];
    c.http.budget.onWait = (wait) => said.push(describeWait(wait));
    await c.payees();
    expect(said).toEqual(['Waiting 30 s: the payment service asked us to slow down (429)']);
  });

  it.each([
    ['an HTML page', 'text/html', '<html><body>Sign in</body></html>', /answered with an HTML page \(\d+ bytes\)/],
    ['cut-off JSON', 'application/json', '[{"id": 1, "name": "No', /answered with JSON cut off or damaged/],
  ])('%s with status 200 is "not the service\'s JSON", never "could not reach"', async (_name, type, body, words) => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(body)) });
      res.end(body);
    });
    const error = await client(url, { retry: { attempts: 2 } })
      .payees()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotJsonError);
    expect((error as Error).message).toMatch(words);
    const message = toContractError(error).message;
    expect(message).toMatch(/^The payment service answered, but not with its data.*\(GET \/payees: answered with/);
    expect(message).not.toMatch(/Could not reach/);
    expect(served.requests).toBe(2);
  });

  it('an error message of 101 lines from the service becomes one line', async () => {
    const lines = Array.from({ length: 101 }, (_, i) => `line ${i}`).join('\n');
    const url = await serve((res) => {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'INVALID_FIELD', message: lines }));
    });
    const message = toContractError(
      await client(url)
        .payees()
        .catch((e: unknown) => e),
    ).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.length).toBeLessThanOrEqual(400);
    expect(message).toMatch(
      /^The payment service refused the request\. \(GET \/payees: 400 INVALID_FIELD: line 0 line 1/,
    );
  });

  it('a token containing ":" is refused before any request (Basic authentication cannot carry it)', () => {
    expect(() => client('http://127.0.0.1:9', { token: 'ab:cd' })).toThrow(ConnectionConfigError);
    expect(() => client('http://127.0.0.1:9', { token: 'ab:cd' })).toThrow(/The token contains ":"/);
  });
});

describe('reading an answer (issue 31: ~10,700 pages a full sync)', () => {
  it('reads a body of declared length within the cap whole, and one without a length chunk by chunk under the cap', async () => {
    const body = JSON.stringify({ objects: [{ id: 1 }] });
    const declared = new Response(body, { headers: { 'content-length': String(body.length) } });
    const whole = vi.spyOn(declared, 'text');
    await expect(readCappedText(declared, 'GET /txns', 1_000)).resolves.toBe(body);
    expect(whole).toHaveBeenCalledOnce();
    const streamed = new Response(body);
    const notWhole = vi.spyOn(streamed, 'text');
    await expect(readCappedText(streamed, 'GET /txns', 1_000)).resolves.toBe(body);
    expect(notWhole).not.toHaveBeenCalled();
    await expect(readCappedText(new Response(body), 'GET /txns', 10)).rejects.toThrow(
      'GET /txns: one answer was larger than',
    );
  });
});
