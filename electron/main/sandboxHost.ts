/**
 * Sandbox mode in the desktop app: the built-in simulated payment service is started in-process the
 * first time the engine asks for it, and stopped at quit. Loaded lazily so a district that never
 * uses sandbox mode never runs it.
 */
import type { SandboxConnection } from '../engine/context';

export function desktopSandbox(): { connect: () => Promise<SandboxConnection>; close: () => Promise<void> } {
  let running: Promise<{ url: string; token: string; secret: string; close(): Promise<void> }> | null = null;
  return {
    connect: async () => {
      running ??= import('../sandbox/index').then(({ startSandbox }) => startSandbox({}));
      const server = await running;
      return { url: server.url, token: server.token, secret: server.secret };
    },
    close: async () => {
      if (running) await (await running).close();
    },
  };
}
