/**
 * A canary token and secret go in through the desktop app's IPC handler and credential store; they
 * must never come out again: not in any IPC reply, not in any file under userData (the database, its
 * WAL, the settings, the encrypted connection file), not in a log line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', async () => (await import('./helpers/fakeElectron')).fakeElectronModule());

import { ipcMain } from 'electron';
import { fake, resetFakeElectron } from './helpers/fakeElectron';
import { METHOD_NAMES } from '../../shared/contract';
import {
  createEngineWithInternals as createEngine,
  type EngineWithInternals as Engine,
} from '../../electron/engine/engine';
import { createConsoleLogger } from '../../electron/engine/logger';
import { safeStorageCredentialStore } from '../../electron/main/credentials';
import { withExportSaveDialog } from '../../electron/main/exportDialog';
import { CALL_CHANNEL, registerEngineIpc, type IpcReply } from '../../electron/main/ipc';
import { appUrlPolicy } from '../../electron/main/appUrl';

const CANARY = { token: 'tokCANARY4e1d77a0', secret: 'secCANARYb93f0c52e8' };
const FORMS = [
  CANARY.token,
  CANARY.secret,
  Buffer.from(`${CANARY.token}:${CANARY.secret}`).toString('base64'),
  Buffer.from(CANARY.secret).toString('base64'),
  Buffer.from(CANARY.secret).toString('hex'),
];
const APP = { senderFrame: { url: 'app://district-recon/index.html', parent: null } };

const logLines: string[] = [];
const replies: IpcReply[] = [];
let userData: string;
let engine: Engine;
let call: (method: unknown, args?: unknown) => Promise<IpcReply>;

function leaks(text: string): string[] {
  return FORMS.filter((form) => text.includes(form));
}

beforeAll(async () => {
  resetFakeElectron();
  userData = mkdtempSync(join(tmpdir(), 'recon-canary-'));
  const logger = createConsoleLogger((line) => logLines.push(line));
  engine = await createEngine({
    version: '0.1.0-test',
    dataFolder: userData,
    host: 'electron',
    logger,
    credentials: safeStorageCredentialStore({
      file: join(userData, 'connection.bin'),
      safeStorage: fake.safeStorage,
      platform: 'linux',
      logger,
    }),
  });
  fake.saveDialogResult = { canceled: false, filePath: join(userData, 'export.xlsx') };
  const withDialog = withExportSaveDialog(engine, async () => join(userData, 'export.xlsx'));
  registerEngineIpc(ipcMain, withDialog, appUrlPolicy({ isPackaged: true }).isAppUrl);
  const handler = fake.ipcHandlers.get(CALL_CHANNEL) as unknown as (
    e: unknown,
    m: unknown,
    a: unknown,
  ) => Promise<IpcReply>;
  call = async (method, args) => {
    const reply = await handler(APP, method, args);
    replies.push(reply);
    return reply;
  };
});

afterAll(async () => {
  await engine.close().catch(() => {});
});

describe('a canary secret', () => {
  it('goes in through IPC and the credential store', async () => {
    const set = await call('connection.set', { url: 'https://pay.district.example/api', ...CANARY });
    expect(set).toMatchObject({
      ok: true,
      result: { connectionConfigured: true, serviceUrl: 'https://pay.district.example/api' },
    });
    expect(await engine.internals.credentials.load()).toEqual(CANARY);
    const settings = await call('settings.get', {});
    expect(settings).toMatchObject({ ok: true, result: { connectionConfigured: true } });
  });

  it('is absent from every IPC reply, good or bad', async () => {
    for (const method of METHOD_NAMES) {
      await call(method, {});
      await call(method, { token: CANARY.token, secret: CANARY.secret });
    }
    await call('connection.set', { url: 'not a url', ...CANARY });
    await call('connection.set', { url: `https://${CANARY.secret}.example/`, token: '', secret: CANARY.secret });
    await call('settings.set', { patch: { serviceUrl: CANARY.secret } });
    await call(CANARY.secret, {});
    expect(replies.length).toBeGreaterThan(METHOD_NAMES.length * 2);
    for (const reply of replies) expect({ reply, leaks: leaks(JSON.stringify(reply)) }).toMatchObject({ leaks: [] });
    expect(replies.at(-1)).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_METHOD', message: 'Unknown method "[redacted]"' },
    });
  });

  it('is absent from the log even when decryption fails and the file is removed', async () => {
    fake.safeStorage.rotateKey();
    await call('connection.test', {});
    await engine.internals.credentials.load().catch(() => null);
    expect(await engine.internals.credentials.isConfigured()).toBe(false);
    engine.internals.logger.error(`a handler echoed ${CANARY.secret} and ${CANARY.token}`);
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(leaks(line)).toEqual([]);
  });

  it('is absent from every file in userData: database, WAL, settings, connection file', async () => {
    expect(await call('connection.set', { url: 'https://pay.district.example/api', ...CANARY })).toMatchObject({
      ok: true,
    });
    await engine.close();
    const files = readdirSync(userData, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['connection.bin', 'district-recon.sqlite']),
    );
    for (const entry of files) {
      const bytes = readFileSync(join(entry.parentPath, entry.name));
      expect({ file: entry.name, leaks: leaks(bytes.toString('latin1')) }).toEqual({ file: entry.name, leaks: [] });
    }
  });
});
