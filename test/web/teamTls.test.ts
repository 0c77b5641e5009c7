/** Team mode over its own TLS (node:https): Secure __Host- cookies on the session. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebHost, type WebHost } from '../../electron/web/server';
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
