import type { SandboxConnection } from '../engine/context';

/**
 * Starts the built-in sandbox service in-process the first time the engine needs it (sandbox mode),
 * and stops it on exit.
 */
export function sandboxProvider(): { connect: () => Promise<SandboxConnection>; close: () => Promise<void> } {
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
