/**
 * The service token and secret, encrypted with Electron's safeStorage (DPAPI on Windows, the
 * Keychain on macOS, libsecret/kwallet on Linux) and kept in `<userData>/connection.bin`. Only the
 * main process ever holds them in clear; the renderer learns `connectionConfigured` and nothing else.
 *
 * We refuse to store them when the OS offers no real encryption: `isEncryptionAvailable()` false, or
 * Linux's `basic_text` backend (a hard-coded key, i.e. clear text with extra steps).
 * A file that no longer decrypts (another user, a reinstalled OS, a changed keychain) is deleted and
 * the user is asked to enter the connection again.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { ContractError } from '../../shared/contract';
import type { CredentialStore, Credentials } from '../engine/context';
import { registerSecret, type Logger } from '../engine/logger';

/** The part of Electron's safeStorage we use (injected so tests can stand in for the OS). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

export const UNAVAILABLE_MESSAGE =
  'This computer has no secure place to keep the connection secret (the operating system’s encryption is not available), ' +
  'so District Recon will not save it. Sign in to your computer account normally and try again, or ask IT.';

export const BASIC_TEXT_MESSAGE =
  'This Linux desktop has no keyring (GNOME Keyring or KWallet) unlocked, so the connection secret could only be saved ' +
  'in clear text. District Recon will not do that: unlock or install a keyring and try again.';

export const UNREADABLE_MESSAGE =
  'The saved connection could not be unlocked on this computer (it was saved by another user or before the system ' +
  'was reinstalled), so it has been removed. Enter the service token and secret again in Settings.';

const storedSchema = z.object({ token: z.string().min(1), secret: z.string().min(1) }).strict();

function registerAll(credentials: Credentials): void {
  registerSecret(credentials.token);
  registerSecret(credentials.secret);
  // The form the API client puts on the wire (Basic auth), in case it ever reaches an error message.
  registerSecret(Buffer.from(`${credentials.token}:${credentials.secret}`).toString('base64'));
}

export interface SafeStorageCredentialOptions {
  file: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  logger: Logger;
}

export function safeStorageCredentialStore({
  file,
  safeStorage,
  platform,
  logger,
}: SafeStorageCredentialOptions): CredentialStore {
  /** Why encryption cannot be trusted right now, or null when it can. */
  const refusal = (): string | null => {
    if (!safeStorage.isEncryptionAvailable()) return UNAVAILABLE_MESSAGE;
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return BASIC_TEXT_MESSAGE;
    return null;
  };

  const discard = (reason: string) => {
    rmSync(file, { force: true });
    logger.warn('The saved connection was removed', { reason });
  };

  return {
    async load() {
      if (!existsSync(file)) return null;
      const why = refusal();
      if (why) throw new ContractError('NOT_CONFIGURED', why);
      let credentials: Credentials;
      try {
        credentials = storedSchema.parse(JSON.parse(safeStorage.decryptString(readFileSync(file))));
      } catch {
        discard('it could not be decrypted on this computer');
        throw new ContractError('NOT_CONFIGURED', UNREADABLE_MESSAGE);
      }
      registerAll(credentials);
      return credentials;
    },

    async save(credentials) {
      registerAll(credentials);
      const why = refusal();
      if (why) throw new ContractError('NOT_CONFIGURED', why);
      const encrypted = safeStorage.encryptString(JSON.stringify(storedSchema.parse(credentials)));
      mkdirSync(dirname(file), { recursive: true });
      // Owner-only, written beside and renamed: a crash never leaves half a file.
      writeFileSync(file + '.tmp', encrypted, { mode: 0o600 });
      renameSync(file + '.tmp', file);
    },

    async clear() {
      rmSync(file, { force: true });
    },

    // Presence only: no decryption, so asking never prompts the keychain.
    isConfigured: async () => existsSync(file),
  };
}
