import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { FakeBrowserWindow, FakeWebContents, resetFakeElectron, shellOpenExternal } from './helpers/fakeElectron';
import { appUrlPolicy } from '../../electron/main/appUrl';
import { createMainWindow, lockDownContents } from '../../electron/main/window';
import { DEFAULT_WINDOW_STATE } from '../../electron/main/windowState';

const policy = appUrlPolicy({ isPackaged: true });

beforeEach(() => {
  resetFakeElectron();
});

describe('the main window', () => {
  it('is sandboxed, isolated, without Node, with web security on', () => {
    createMainWindow({
      preloadPath: '/app/out/preload/index.cjs',
      state: DEFAULT_WINDOW_STATE,
      stateFile: '/tmp/none.json',
    });
    const prefs = FakeBrowserWindow.created[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('navigation and new windows', () => {
  function lockedContents(): FakeWebContents {
    const contents = new FakeWebContents();
    lockDownContents(contents as never, policy.isAppUrl);
    return contents;
  }

  it.each([
    'https://evil.example/phish',
    'http://district-recon.example/help',
    'file:///etc/passwd',
    'app://district-recon.evil/index.html',
    'javascript:alert(1)',
  ])('refuses to navigate to %s', (url) => {
    const contents = lockedContents();
    expect(contents.fire('will-navigate', url)).toBe(true);
    expect(contents.fire('will-redirect', url)).toBe(true);
    expect(shellOpenExternal).not.toHaveBeenCalled();
  });

  it('lets the app move between its own pages', () => {
    const contents = lockedContents();
    expect(contents.fire('will-navigate', 'app://district-recon/index.html#/batches')).toBe(false);
  });

  it('sends an allow-listed https link to the browser instead of navigating', async () => {
    const contents = lockedContents();
    expect(contents.fire('will-navigate', 'https://district-recon.example/help')).toBe(true);
    await Promise.resolve();
    expect(shellOpenExternal).toHaveBeenCalledWith('https://district-recon.example/help');
  });

  it('denies every window.open, opening only allow-listed links externally', async () => {
    const contents = lockedContents();
    expect(contents.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'app://district-recon/index.html' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: 'https://district-recon.example/help' })).toEqual({ action: 'deny' });
    await Promise.resolve();
    expect(shellOpenExternal).toHaveBeenCalledTimes(1);
    expect(shellOpenExternal).toHaveBeenCalledWith('https://district-recon.example/help');
  });

  it('refuses to attach a webview', () => {
    expect(lockedContents().fire('will-attach-webview', {}, {})).toBe(true);
  });
});

describe('app URL policy', () => {
  it('ignores a dev server URL in a packaged app', () => {
    const packaged = appUrlPolicy({ isPackaged: true, devServerUrl: 'https://evil.example/' });
    expect(packaged.entryUrl).toBe('app://district-recon/index.html');
    expect(packaged.isAppUrl('https://evil.example/')).toBe(false);
  });

  it('accepts only a loopback dev server, origin for origin', () => {
    expect(appUrlPolicy({ isPackaged: false, devServerUrl: 'https://evil.example/' }).dev).toBe(false);
    const dev = appUrlPolicy({ isPackaged: false, devServerUrl: 'http://localhost:5173/' });
    expect(dev.isAppUrl('http://localhost:5173/#/batches')).toBe(true);
    expect(dev.isAppUrl('http://localhost:5174/')).toBe(false);
    expect(dev.isAppUrl('http://localhost.evil.com:5173/')).toBe(false);
  });

  it.each([
    ['app://district-recon/index.html', true],
    ['app://district-recon/assets/x.js', true],
    ['app://district-recon.evil/index.html', false],
    ['app://user@district-recon/index.html', false],
    ['file:///app/out/renderer/index.html', false],
    ['https://district-recon/index.html', false],
    ['not a url', false],
  ])('%s is ours: %s', (url, expected) => {
    expect(policy.isAppUrl(url)).toBe(expected);
  });
});
