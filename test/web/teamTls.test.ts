/**
 * Team mode over its own TLS (node:https): Secure __Host- cookies on the session, HSTS on every
 * answer, and the certificate and key files checked before the server starts (issue 26 item 15).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS, startWebHost, type WebHost } from '../../electron/web/server';
import { readTlsFiles } from '../../electron/web/tlsFiles';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import { createTestEngine } from '../helpers/engine';
import { selfSignedCert } from '../helpers/selfSignedCert';
import { NOW, PASSWORD } from '../helpers/teamHost';
import { fixedClock } from '../../shared/time';

let folder: string;
let engine: Engine;
let host: WebHost;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'recon-tls-'));
  const { key, cert } = selfSignedCert(folder);
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>District Recon</title>');
  engine = await createTestEngine({ host: 'web', clock: fixedClock(NOW) });
  await engine.team.users.add({ name: 'Ana', role: 'viewer', password: PASSWORD });
  host = await startWebHost({
    engine,
    staticDir: folder,
    tls: { cert, key },
    team: { engine, secure: true, behindProxy: false },
  });
}, 30_000);
afterAll(async () => {
  await host.close();
  await engine.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('serve over TLS', () => {
  it('answers over https with Secure __Host- cookies; the launch URL is the sign-in page', async () => {
    expect(host.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(host.launchUrl).toBe(`${host.url}/login`);
    const reply = await new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/auth/login',
          method: 'POST',
          rejectUnauthorized: false,
          headers: { host: `127.0.0.1:${host.port}`, 'content-type': 'application/json', origin: host.url },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cookies: res.headers['set-cookie'] ?? [] }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ name: 'Ana', password: PASSWORD }));
    });
    expect(reply.status).toBe(200);
    expect(reply.cookies[0]).toMatch(
      /^__Host-recon_session=[\w-]+; Path=\/; Max-Age=43200; SameSite=Strict; HttpOnly; Secure$/,
    );
    expect(reply.cookies[1]).toMatch(/^__Host-recon_csrf=[\w-]+; Path=\/; Max-Age=43200; SameSite=Strict; Secure$/);
  });
});

describe('HSTS', () => {
  it('tells the browser to come back over HTTPS only, on pages and on refusals alike', async () => {
    const get = (path: string) =>
      new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: host.port,
            path,
            rejectUnauthorized: false,
            headers: { host: `127.0.0.1:${host.port}` },
          },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, hsts: res.headers['strict-transport-security'] }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(HSTS).toBe('max-age=31536000');
    expect(await get('/login')).toEqual({ status: 200, hsts: HSTS });
    expect(await get('/auth/me')).toEqual({ status: 401, hsts: HSTS });
  });
});

describe('the certificate and key files', () => {
  it('reads a matching pair', () => {
    expect(readTlsFiles(join(folder, 'cert.pem'), join(folder, 'key.pem')).cert.toString()).toContain(
      'BEGIN CERTIFICATE',
    );
  });

  it('names a missing file, a file that is not PEM, and a key of another certificate, each in one line', () => {
    const other = join(folder, 'other');
    mkdirSync(other);
    selfSignedCert(other);
    const notPem = join(folder, 'index.html');
    const cases: Array<[string, string, string]> = [
      [
        join(folder, 'absent.pem'),
        join(folder, 'key.pem'),
        `The TLS certificate file ${join(folder, 'absent.pem')} cannot be used: there is no such file.`,
      ],
      [join(folder, 'cert.pem'), folder, `The TLS key file ${folder} cannot be used: it is a folder.`],
      [
        notPem,
        join(folder, 'key.pem'),
        `The TLS certificate file ${notPem} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"); give the server's certificate (its chain may follow).`,
      ],
      [
        join(folder, 'cert.pem'),
        join(folder, 'cert.pem'),
        `The TLS key file ${join(folder, 'cert.pem')} holds no unencrypted PEM private key ("-----BEGIN PRIVATE KEY-----"); give the certificate's key, without a passphrase.`,
      ],
      [
        join(folder, 'cert.pem'),
        join(other, 'key.pem'),
        `The TLS key file ${join(other, 'key.pem')} does not belong to the certificate in ${join(folder, 'cert.pem')}; give the key the certificate was issued for.`,
      ],
    ];
    for (const [cert, key, message] of cases) expect(() => readTlsFiles(cert, key)).toThrow(message);
  });
});
