/**
 * The client reaches the service over Node's http (nodeExchange.ts), or through a fetch a test
 * gives it (fetchExchange.ts). Both read the same answers the same way: gzip decoded, its decoded
 * bytes counted against the cap, a body cut short retried as the network's failure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../electron/engine/api/client';
import { NetworkError, NotJsonError } from '../../../electron/engine/api/errors';
import { selfSignedCert } from '../../helpers/selfSignedCert';
import { serve, served, stopServing, expectRefusedOnce } from './stubService';

afterEach(stopServing);

const client = (baseUrl: string, extra: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}) =>
  new ServiceClient({
    baseUrl,
    token: 'tok',
    secret: 'sec',
    sleep: async () => {},
    random: () => 0.5,
    ...extra,
  });

const payees = [{ id: 7, name: 'Zoë High', merchant_id: 'm7' }];

const transports: Array<[string, Partial<ConstructorParameters<typeof ServiceClient>[0]>]> = [
  ["Node's http", {}],
  ['a given fetch', { fetch: (input, init) => fetch(input, init) }],
];

describe.each(transports)('over %s', (_name, transport) => {
  it('asks for gzip and reads it decoded', async () => {
    const url = await serve((res, req) => {
      expect(req.headers['accept-encoding']).toMatch(/gzip/);
      const body = gzipSync(JSON.stringify(payees));
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
      });
      res.end(body);
    });
    const [payee] = await client(url, transport).payees();
    expect(payee!.value).toEqual({ id: 7, name: 'Zoë High', merchantId: 'm7', removed: false });
  });

  it('counts a gzip answer decoded against the cap: a small compressed body of 1 MB is refused, never retried', async () => {
    // ~1 KB compressed, of declared length, decoding to 1 MB: its declared length is no bound.
    const body = gzipSync(`[${' '.repeat(1024 * 1024)}]`);
    expect(body.length).toBeLessThan(4096);
    const url = await serve((res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
        'Content-Length': String(body.length),
      });
      res.end(body);
    });
    await expectRefusedOnce(
      client(url, { ...transport, maxResponseBytes: 64 * 1024 }).payees(),
      'GET /payees: one answer was larger than 64 KB',
    );
  });

  it('checks the certificate of an https service: a self-signed one is refused before anything is sent', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'recon-tls-'));
    const heard: string[] = [];
    const tls = createHttpsServer(selfSignedCert(folder), (req, res) => {
      heard.push(req.url!);
      res.end('[]');
    });
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}`;
      const error = await client(url, { ...transport, retry: { attempts: 1 } })
        .payees()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      expect((error as Error).message).toMatch(/^GET \/payees: could not reach the service \(.*self[- ]signed/);
      expect(heard).toEqual([]);
    } finally {
      tls.closeAllConnections();
      await new Promise<void>((resolve) => tls.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a body cut short of its declared length is the network failing, and is asked again', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
      res.write('[{"id": 7,');
      setTimeout(() => res.destroy(), 20);
    });
    const error = await client(url, { ...transport, retry: { attempts: 2 } })
      .payees()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^GET \/payees: could not reach the service/);
    expect(served.requests).toBe(2);
  });
});

describe("over Node's http", () => {
  it('keeps its connection for the next request', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(payees));
    });
    const c = client(url);
    for (let i = 0; i < 5; i++) await c.payees();
    expect(served.requests).toBe(5);
    expect(served.connections).toBe(1);
  });

  it.each([
    [
      'gzip that does not decode',
      'gzip',
      Buffer.from('not gzip at all'),
      /answered with a gzip body that does not decode/,
    ],
    ['an encoding it did not ask for', 'br', Buffer.from([1, 2, 3]), /answered with a body encoded as "br"/],
  ])('%s is "not the service\'s JSON"', async (_name, encoding, body, words) => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      res.end(body);
    });
    const error = await client(url, { retry: { attempts: 1 } })
      .payees()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotJsonError);
    expect((error as Error).message).toMatch(words);
  });
});
