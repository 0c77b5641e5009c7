import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { resetFakeElectron, shellOpenExternal } from './helpers/fakeElectron';
import { isAllowedExternalUrl, openExternalIfAllowed } from '../../electron/main/external';

beforeEach(() => {
  resetFakeElectron();
});

describe('openExternal allow-list', () => {
  it.each([
    'https://district-recon.example/help',
    'https://DISTRICT-RECON.example/help#top',
    'https://district-recon.example:443/help',
  ])('opens %s', async (url) => {
    expect(await openExternalIfAllowed(url)).toBe(true);
    expect(shellOpenExternal).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a look-alike suffix', 'https://district-recon.example.evil.com/help'],
    ['a look-alike prefix', 'https://evil-district-recon.example/help'],
    ['a subdomain', 'https://docs.district-recon.example/help'],
    ['plain http', 'http://district-recon.example/help'],
    ['userinfo before the real host', 'https://district-recon.example@evil.com/help'],
    ['userinfo on the allowed host', 'https://user:pass@district-recon.example/help'],
    ['another port', 'https://district-recon.example:8443/help'],
    ['a file URL', 'file:///C:/Windows/System32/calc.exe'],
    ['javascript', 'javascript:alert(1)'],
    ['a custom scheme', 'ms-msdt:/id PCWDiagnostic'],
    ['the host only in the path', 'https://evil.com/district-recon.example'],
    ['a trailing-dot host', 'https://district-recon.example./help'],
    ['garbage', 'https//district-recon.example'],
  ])('refuses %s', async (_why, url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
    expect(await openExternalIfAllowed(url)).toBe(false);
    expect(shellOpenExternal).not.toHaveBeenCalled();
  });
});
