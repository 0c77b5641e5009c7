import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { fake, resetFakeElectron } from './helpers/fakeElectron';
import { APP_CSP } from '../../electron/main/csp';
import { registerAppScheme, resolveAppFile, serveAppScheme } from '../../electron/main/protocol';

const root = mkdtempSync(join(tmpdir(), 'recon-protocol-'));
const renderer = join(root, 'renderer');
mkdirSync(join(renderer, 'assets'), { recursive: true });
writeFileSync(join(renderer, 'index.html'), '<!doctype html>');
writeFileSync(join(renderer, 'assets', 'app.js'), 'export {}');
writeFileSync(join(root, 'secret.txt'), 'not for the page');

beforeEach(() => {
  resetFakeElectron();
});

describe('app:// scheme', () => {
  it('is registered standard and secure, without CORS or CSP bypass', () => {
    registerAppScheme();
    expect(fake.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it.each([
    'app://district-recon/../secret.txt',
    'app://district-recon/%2e%2e/secret.txt',
    'app://district-recon/assets/..%2f..%2fsecret.txt',
    'app://district-recon/..%5csecret.txt',
    'app://other-host/index.html',
    'file:///etc/passwd',
    'app://district-recon/%00index.html',
  ])('serves nothing outside the renderer folder: %s', (url) => {
    const file = resolveAppFile(renderer, url);
    expect(file === null || file.startsWith(renderer + '/')).toBe(true);
    expect(file).not.toBe(join(root, 'secret.txt'));
  });

  it('serves the renderer files with our CSP and their content type', async () => {
    serveAppScheme(renderer, APP_CSP);
    const handler = fake.protocolHandlers.get('app')!;
    const page = await handler({ url: 'app://district-recon/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const script = await handler({ url: 'app://district-recon/assets/app.js' });
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await handler({ url: 'app://district-recon/../secret.txt' })).status).toBe(404);
    expect((await handler({ url: 'app://district-recon/missing.js' })).status).toBe(404);
  });
});
