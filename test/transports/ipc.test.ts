/** The Electron transport, with `electron` mocked: one channel, sender checked, args validated. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../electron/engine/engine';
import { CALL_CHANNEL, registerEngineIpc, type IpcReply } from '../../electron/main/ipc';
import { createTestEngine } from '../helpers/engine';

type Handler = (event: unknown, ...args: unknown[]) => Promise<IpcReply>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: vi.fn((channel: string, handler: Handler) => handlers.set(channel, handler)),
    removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
  };
}

const APP_URL = 'file:///Applications/District Recon.app/Contents/Resources/app.asar/out/renderer/index.html';
const isAppUrl = (url: string) => url === APP_URL || url.startsWith(APP_URL + '#');
const fromFrame = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent } });

let engine: Engine;
let ipcMain: ReturnType<typeof fakeIpcMain>;
let call: Handler;

beforeEach(async () => {
  engine = await createTestEngine();
  ipcMain = fakeIpcMain();
  registerEngineIpc(ipcMain as never, engine, isAppUrl);
  call = ipcMain.handlers.get(CALL_CHANNEL)!;
});
afterEach(() => engine.close());

describe('Electron IPC transport', () => {
  it('registers exactly one channel', () => {
    expect(ipcMain.handle).toHaveBeenCalledTimes(1);
    expect([...ipcMain.handlers.keys()]).toEqual(['recon:call']);
  });

  it('answers app.info for the app’s own frame', async () => {
    const reply = await call(fromFrame(APP_URL + '#/overview'), 'app.info', {});
    expect(reply).toEqual({ ok: true, result: expect.objectContaining({ version: '9.9.9-test', host: 'direct' }) });
  });

  it.each([
    ['another origin', fromFrame('https://evil.example/')],
    ['a file outside the app', fromFrame('file:///tmp/evil.html')],
    ['an iframe inside the app', fromFrame(APP_URL, { url: APP_URL })],
    ['no frame at all', { senderFrame: null }],
  ])('refuses %s', async (_name, event) => {
    const reply = await call(event, 'app.info', {});
    expect(reply).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringMatching(/not allowed/) } });
  });

  it('rejects bad arguments with a clear error', async () => {
    const reply = await call(fromFrame(APP_URL), 'settings.set', { patch: { refreshWindowDays: 'sixty' } });
    expect(reply.ok).toBe(false);
    expect(reply).toMatchObject({
      error: { code: 'BAD_ARGUMENTS', message: expect.stringMatching(/patch\.refreshWindowDays/) },
    });
  });

  it('rejects an unknown method', async () => {
    const reply = await call(fromFrame(APP_URL), 'fs.readFile', { path: '/etc/passwd' });
    expect(reply).toEqual({ ok: false, error: { code: 'UNKNOWN_METHOD', message: 'Unknown method "fs.readFile"' } });
  });

  it('never sends a stack trace for an unexpected failure', async () => {
    const broken = { callUnknown: async () => Promise.reject(new Error('SQLITE_CORRUPT at /secret/path.js:12')) };
    const local = fakeIpcMain();
    registerEngineIpc(local as never, broken, isAppUrl);
    const reply = await local.handlers.get(CALL_CHANNEL)!(fromFrame(APP_URL), 'app.info', {});
    expect(reply).toEqual({
      ok: false,
      error: { code: 'INTERNAL', message: expect.not.stringMatching(/SQLITE|\.js/) },
    });
  });
});
