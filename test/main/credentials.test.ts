import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractError } from '../../shared/contract';
import { silentLogger } from '../../electron/engine/logger';
import {
  BASIC_TEXT_MESSAGE,
  safeStorageCredentialStore,
  UNAVAILABLE_MESSAGE,
  UNREADABLE_MESSAGE,
} from '../../electron/main/credentials';
import { FakeSafeStorage } from './helpers/fakeElectron';

const CANARY = { token: 'tok-CANARY-7f3a9', secret: 'sec-CANARY-91b2e4d' };

function setup(platform: NodeJS.Platform = 'linux') {
  const dir = mkdtempSync(join(tmpdir(), 'recon-cred-'));
  const safeStorage = new FakeSafeStorage();
  const file = join(dir, 'connection.bin');
  const store = safeStorageCredentialStore({ file, safeStorage, platform, logger: silentLogger });
  return { file, safeStorage, store };
}

async function rejection(promise: Promise<unknown>): Promise<ContractError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractError);
  return error as ContractError;
}

describe('safeStorage credential store', () => {
  it('encrypts: the file never holds the token or secret in clear', async () => {
    const { file, store } = setup();
    expect(await store.isConfigured()).toBe(false);
    await store.save(CANARY);
    const bytes = readFileSync(file);
    expect(bytes.includes(CANARY.token)).toBe(false);
    expect(bytes.includes(CANARY.secret)).toBe(false);
    expect(bytes.includes(Buffer.from(CANARY.secret).toString('base64'))).toBe(false);
    expect(await store.isConfigured()).toBe(true);
    expect(await store.load()).toEqual(CANARY);
    await store.clear();
    expect(await store.isConfigured()).toBe(false);
    expect(await store.load()).toBeNull();
  });

  it('refuses to save when the OS cannot encrypt', async () => {
    const { file, safeStorage, store } = setup('win32');
    safeStorage.available = false;
    const error = await rejection(store.save(CANARY));
    expect(error.message).toBe(UNAVAILABLE_MESSAGE);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses Linux's basic_text backend (a fixed key is clear text)", async () => {
    const { file, safeStorage, store } = setup('linux');
    safeStorage.backend = 'basic_text';
    const error = await rejection(store.save(CANARY));
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.message).toBe(BASIC_TEXT_MESSAGE);
    expect(existsSync(file)).toBe(false);
  });

  it('does not ask for the backend outside Linux', async () => {
    const { safeStorage, store } = setup('darwin');
    safeStorage.backend = 'basic_text';
    await store.save(CANARY);
    expect(await store.load()).toEqual(CANARY);
  });

  it('deletes a value that no longer decrypts and asks the user again', async () => {
    const { file, safeStorage, store } = setup();
    await store.save(CANARY);
    safeStorage.rotateKey();
    const error = await rejection(store.load());
    expect(error.code).toBe('NOT_CONFIGURED');
    expect(error.message).toBe(UNREADABLE_MESSAGE);
    expect(existsSync(file)).toBe(false);
    expect(await store.isConfigured()).toBe(false);
    expect(await store.load()).toBeNull();
  });

  it('treats a damaged file the same way', async () => {
    const { file, store } = setup();
    writeFileSync(file, 'garbage');
    expect((await rejection(store.load())).message).toBe(UNREADABLE_MESSAGE);
    expect(existsSync(file)).toBe(false);
  });
});
