/**
 * Sandbox mode for a host (desktop app, browser mode, CLI): the simulated payment service is started
 * in-process the first time the engine asks for it, and stopped when the host stops. Loaded lazily,
 * so a district that never uses sandbox mode never runs it.
 */
import type { SandboxStatement } from './bankFormats';
import type { SandboxOptions, SandboxServer } from './index';

export interface SandboxProvider {
  connect(): Promise<{ url: string; token: string; secret: string }>;
  /** The bank statement of the running sandbox's batches, to yesterday (BAI2). */
  statement(): Promise<SandboxStatement>;
  close(): Promise<void>;
}

export function sandboxProvider(options: SandboxOptions = {}): SandboxProvider {
  let running: Promise<SandboxServer> | null = null;
  const start = () => (running ??= import('./index').then(({ startSandbox }) => startSandbox(options)));
  return {
    connect: async () => {
      const server = await start();
      return { url: server.url, token: server.token, secret: server.secret };
    },
    statement: async () => {
      const server = await start();
      // Runs the midnights passed since the last request, so yesterday's batches are formed.
      server.advanceTo(server.now());
      const { writeSandboxStatement } = await import('./bankFormats');
      return writeSandboxStatement(server.state, 'bai2');
    },
    close: async () => {
      if (running) await (await running).close();
    },
  };
}
