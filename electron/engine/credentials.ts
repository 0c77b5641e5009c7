import type { CredentialStore, Credentials } from './engineOptions';
import { registerSecret } from './logger';

/** Credentials held in memory only (browser host, tests); the CLI seeds it from the environment. */
export function memoryCredentialStore(initial: Credentials | null = null): CredentialStore {
  let current = initial;
  if (current) {
    registerSecret(current.token);
    registerSecret(current.secret);
  }
  return {
    load: async () => current,
    save: async (credentials) => {
      registerSecret(credentials.token);
      registerSecret(credentials.secret);
      current = credentials;
    },
    clear: async () => {
      current = null;
    },
    isConfigured: async () => current !== null,
  };
}
