/**
 * The whole main process booted with `electron` mocked: the real engine on a temp userData folder,
 * the real IPC handler, menu, permissions, CSP, shutdown.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { appExit, emitApp, fake, FakeBrowserWindow, FakeWebContents, resetFakeElectron } from './helpers/fakeElectron';
import { VIEWS } from '../../shared/views';
import type { IpcReply } from '../../electron/main/ipc';

type Call = (event: unknown, method: unknown, args?: unknown) => Promise<IpcReply>;
const APP = 'app://district-recon/index.html';
const top = (url: string) => ({ senderFrame: { url, parent: null } });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

let call: Call;

beforeAll(async () => {
  resetFakeElectron();
  fake.userData = mkdtempSync(join(tmpdir(), 'recon-app-'));
  await import('../../electron/main/index');
  fake.ready();
  await until(() => FakeBrowserWindow.created[0]?.webContents.loaded.length === 1);
  call = fake.ipcHandlers.get('recon:call') as unknown as Call;
});

describe('the booted main process', () => {
  it('takes the single-instance lock and registers app:// before ready', () => {
    expect(fake.privilegedSchemes).toHaveLength(1);
    expect(fake.appListeners.get('second-instance')).toHaveLength(1);
  });

  it('opens every window sandboxed, isolated and without Node, loading app://', () => {
    expect(FakeBrowserWindow.created.length).toBeGreaterThan(0);
    for (const window of FakeBrowserWindow.created) {
      expect(window.options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        webviewTag: false,
      });
      expect(window.webContents.windowOpenHandler).not.toBeNull();
    }
    expect(FakeBrowserWindow.created[0]!.webContents.loaded).toEqual([APP]);
  });

  it('locks down any WebContents created later', () => {
    const later = new FakeWebContents();
    emitApp('web-contents-created', {}, later);
    expect(later.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(later.windowOpenHandler!({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  it('denies permissions and sets the CSP on the session', () => {
    expect(fake.permissionRequestHandler).not.toBeNull();
    expect((fake.permissionCheckHandler as unknown as () => boolean)()).toBe(false);
    expect(fake.headersReceived).not.toBeNull();
    expect(fake.protocolHandlers.has('app')).toBe(true);
  });

  it('answers the app frame through the engine, and only the app frame', async () => {
    expect(await call(top(APP + '#/overview'), 'app.info', {})).toMatchObject({
      ok: true,
      result: { version: '0.1.0-test', host: 'electron', dataFolder: fake.userData },
    });
    for (const event of [
      top('https://evil.example/'),
      top('file:///tmp/evil.html'),
      top('app://district-recon.evil.com/index.html'),
      { senderFrame: { url: APP, parent: { url: APP } } },
      { senderFrame: null },
    ]) {
      expect(await call(event, 'app.info', {})).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN', message: expect.any(String) },
      });
    }
  });

  it('rejects bad arguments and unknown methods with clear errors', async () => {
    expect(await call(top(APP), 'settings.set', { patch: { scheduleTime: '25:99' } })).toMatchObject({
      ok: false,
      error: { code: 'BAD_ARGUMENTS', message: expect.stringContaining('patch.scheduleTime') },
    });
    expect(await call(top(APP), 'shell.openExternal', { url: 'https://evil.example' })).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_METHOD', message: 'Unknown method "shell.openExternal"' },
    });
  });

  it('refuses an export path chosen by the page', async () => {
    const reply = await call(top(APP), 'export.glBatches', {
      from: '2026-03-01',
      to: '2026-03-05',
      file: '/etc/profile',
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it("has a menu item per view, with Ctrl/Cmd+1..9 as the views' keys and the same ids as the renderer", () => {
    const template = fake.menuTemplate as Array<{
      label?: string;
      submenu?: Array<{ label?: string; accelerator?: string; click?: () => void }>;
    }>;
    const view = template.find((menu) => menu.label === '&View')!;
    const titles = new Set<string>(VIEWS.map((v) => v.title));
    const viewItems = view.submenu!.filter((item) => item.label !== undefined && titles.has(item.label));
    expect(viewItems.map((item) => item.label)).toEqual(VIEWS.map((v) => v.title));
    // The tenth view's key is 0: Ctrl/Cmd+0 stays the zoom reset, so only the window's bare key opens it.
    expect(viewItems.map((item) => item.accelerator ?? null)).toEqual(
      VIEWS.map((v) => (v.key === '0' ? null : `CmdOrCtrl+${v.key}`)),
    );
    const items = view.submenu!.filter((item) => item.accelerator?.match(/^CmdOrCtrl\+\d$/));
    items[1]!.click!();
    const contents = FakeBrowserWindow.created[0]!.webContents;
    expect(contents.loaded.at(-1)).toBe(`${APP}#/${VIEWS[1].id}`);
  });

  it('starts the nightly schedule, which catches up the missed night at start-up (sandbox mode)', async () => {
    await vi.waitFor(
      async () => {
        const status = await call(top(APP), 'sync.status', {});
        expect(status).toMatchObject({ ok: true, result: { running: true, nextRunAt: expect.any(String) } });
      },
      { timeout: 10_000, interval: 20 },
    );
  });

  it('quits cleanly: holds before-quit until the running sync has committed its page and the engine closed, then exits', async () => {
    let prevented = false;
    emitApp('before-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await until(() => appExit.mock.calls.length === 1);
    expect(appExit).toHaveBeenCalledWith(0);
    // The database is closed: a call now fails with a readable message, not a crash.
    const reply = await call(top(APP), 'settings.get', {});
    expect(reply.ok).toBe(false);
    // The run interrupted by the quit is recorded as ended, not left "running", and the database is intact.
    const db = new Database(join(fake.userData, 'district-recon.sqlite'), { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      const statuses = db.prepare('SELECT status FROM sync_runs').pluck().all();
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses).not.toContain('running');
    } finally {
      db.close();
    }
  });
});
