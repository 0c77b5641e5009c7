/** `district-recon serve`'s refusals for the proxy and TLS flags (issue 26 items 3 and 15): one line each, before the database is touched. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledEntry } from '../helpers/bundledEntry';

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'recon-serve-flags-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const serve = (args: string[]) =>
  new Promise<{ status: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [bundledEntry('cli'), 'serve', '--db', join(folder, 'never-opened.sqlite'), '--port', '0', ...args],
      { env: { ...process.env, RECON_TOKEN: '', RECON_SECRET: '' }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });

describe('district-recon serve', { timeout: 60_000 }, () => {
  it('--behind-proxy beyond loopback needs --trusted-proxy', async () => {
    const reply = await serve(['--host', '0.0.0.0', '--behind-proxy']);
    expect(reply.status).toBe(2);
    expect(reply.stderr).toBe(
      'district-recon serve: behind a proxy the server listens on loopback only; to listen on 0.0.0.0 name the proxy with --trusted-proxy ADDR[,ADDR]\n',
    );
  });

  it('names a missing or unreadable certificate or key file in one line', async () => {
    const notPem = join(folder, 'not.pem');
    writeFileSync(notPem, 'hello\n');
    const missing = await serve(['--tls-cert', join(folder, 'absent.pem'), '--tls-key', notPem]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `district-recon serve: The TLS certificate file ${join(folder, 'absent.pem')} cannot be used: there is no such file.\n`,
    );
    const garbage = await serve(['--tls-cert', notPem, '--tls-key', notPem]);
    expect(garbage.stderr).toMatch(
      /^district-recon serve: The TLS certificate file .*not\.pem holds no PEM certificate[^\n]*\n$/,
    );
  });
});
