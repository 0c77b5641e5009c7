/**
 * Sandbox mode for a host (desktop app, browser mode, CLI): the simulated payment service is started
 * in-process the first time the engine asks for it, and stopped when the host stops. Loaded lazily,
 * so a district that never uses sandbox mode never runs it.
 */
import type { SandboxOptions } from './index';

export interface SandboxProvider {
  connect(): Promise<{ url: string; token: string; secret: string }>;
  close(): Promise<void>;
}

export function sandboxProvider(options: SandboxOptions = {}): SandboxProvider {
  let running: Promise<{ url: string; token: string; secret: string; close(): Promise<void> }> | null = null;
  return {
    connect: async () => {
      running ??= import('./index').then(({ startSandbox }) => startSandbox(options));
      const server = await running;
      return { url: server.url, token: server.token, secret: server.secret };
    },
    close: async () => {
      if (running) await (await running).close();
    },
  };
}
