/** The browser host: 127.0.0.1 only, a per-launch token, Host and Origin checked. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import { startWebHost, type WebHost } from '../../electron/web/server';
import { createTestEngine } from '../helpers/engine';

let engine: Engine;
let host: WebHost;

beforeAll(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'recon-web-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>District Recon</title>');
  engine = await createTestEngine({ host: 'web' });
  host = await startWebHost({ engine, staticDir });
});
afterAll(async () => {
  await host.close();
  await engine.close();
});

/** Raw HTTP so Host and Origin can be set exactly as an attacker would. */
function send(
  path: string,
  { method = 'POST', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json: unknown; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path, method, headers: { host: `127.0.0.1:${host.port}`, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode ?? 0, json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const auth = () => ({ authorization: `Bearer ${host.token}`, 'content-type': 'application/json' });

describe('browser host', () => {
  it('listens on 127.0.0.1 and prints a launch URL with the token in the fragment only', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.launchUrl).toBe(`${host.url}/#token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(40);
  });

  it('answers a call with the token', async () => {
    const reply = await send('/rpc/app.info', { headers: auth(), body: '{}' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ ok: true, result: { version: '9.9.9-test', host: 'web' } });
  });

  it('401 without the token or with a wrong one', async () => {
    expect((await send('/rpc/app.info', { body: '{}' })).status).toBe(401);
    expect((await send('/rpc/app.info', { headers: { authorization: 'Bearer nope' }, body: '{}' })).status).toBe(401);
    expect((await send('/events', { method: 'GET' })).status).toBe(401);
    expect((await send('/download/1', { method: 'GET' })).status).toBe(401);
  });

  it('403 for a foreign Origin even with the token', async () => {
    const reply = await send('/rpc/app.info', { headers: { ...auth(), origin: 'https://evil.example' }, body: '{}' });
    expect(reply.status).toBe(403);
  });

  it('403 for a wrong Host (DNS rebinding)', async () => {
    const reply = await send('/rpc/app.info', {
      headers: { ...auth(), host: `evil.example:${host.port}` },
      body: '{}',
    });
    expect(reply.status).toBe(403);
    expect((await send('/', { method: 'GET', headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it('400 with a clear message for bad arguments', async () => {
    const reply = await send('/rpc/settings.set', {
      headers: auth(),
      body: JSON.stringify({ patch: { exportLayout: 'pdf' } }),
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      ok: false,
      error: { code: 'BAD_ARGUMENTS', message: expect.stringMatching(/patch\.exportLayout/) },
    });
    const notJson = await send('/rpc/app.info', { headers: auth(), body: '{nope' });
    expect(notJson.status).toBe(400);
    expect(notJson.json).toMatchObject({ error: { message: 'The request body is not valid JSON.' } });
  });

  it('403 for an export that names its own file: in browser mode the host picks it', async () => {
    const victim = join(mkdtempSync(join(tmpdir(), 'recon-victim-')), 'notes.txt');
    writeFileSync(victim, 'keep me');
    const res = await send('/rpc/export.glBatches', {
      headers: auth(),
      body: JSON.stringify({ from: '2026-03-01', to: '2026-03-31', file: victim, overwrite: true }),
    });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.stringContaining('leave "file" out') },
    });
    expect(readFileSync(victim, 'utf8')).toBe('keep me');
  });

  it('400 for a path that is not valid percent-encoding, on /rpc and for files', async () => {
    const rpc = await send('/rpc/app.%E0%A4%A', { headers: auth(), body: '{}' });
    expect(rpc.status).toBe(400);
    expect(rpc.json).toMatchObject({ error: { message: expect.stringContaining('percent-encoding') } });
    const file = await send('/assets/%E0%A4%A.js', { method: 'GET' });
    expect(file.status).toBe(400);
  });

  it('413, not a reset connection, for a body over the limit (declared or streamed)', async () => {
    const big = 'x'.repeat(3 * 1024 * 1024);
    const declared = await send('/rpc/app.info', { headers: auth(), body: big });
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ ok: false, error: { code: 'BAD_ARGUMENTS' } });
  });

  it('one rule for every range: glBatches.list with "from" after "to" is refused like reconcile.summary', async () => {
    for (const method of ['glBatches.list', 'reconcile.summary', 'export.overlaps']) {
      const res = await send(`/rpc/${method}`, {
        headers: auth(),
        body: JSON.stringify({ from: '2026-03-31', to: '2026-03-01' }),
      });
      expect(res.status, method).toBe(400);
      expect(res.json).toMatchObject({ error: { message: expect.stringContaining('"from" must not be after "to"') } });
    }
  });

  it('404 for an unknown method, 405 for GET on /rpc', async () => {
    expect((await send('/rpc/app.shutdown', { headers: auth(), body: '{}' })).status).toBe(404);
    expect((await send('/rpc/app.info', { method: 'GET', headers: auth() })).status).toBe(405);
  });

  it('serves the renderer with a strict CSP and never outside its folder', async () => {
    const page = await send('/', { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    for (const path of [
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cpackage.json',
    ]) {
      const reply = await send(path, { method: 'GET' });
      // Either refused, or the app's own page (unknown paths fall back to index.html): never the file.
      expect(String(reply.json)).not.toMatch(/root:|"devDependencies"/);
      if (reply.status === 200) expect(String(reply.json)).toContain('<title>District Recon</title>');
    }
  });

  it('streams engine events to an authorised client', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/events',
          headers: { host: `127.0.0.1:${host.port}`, authorization: `Bearer ${host.token}` },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
            if (text.includes('data.changed')) {
              req.destroy();
              resolve(text);
            }
          });
          engine.internals.events.emit('data.changed', { scopes: ['settings'] });
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain('event: data.changed\ndata: {"scopes":["settings"]}');
  });
});
