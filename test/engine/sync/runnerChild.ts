/** Starts killRunner.ts in a child process: one sync of `db` from `sandbox`, on a clock fixed at `now`. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SandboxServer } from '../../../electron/sandbox';

const RUNNER = fileURLToPath(new URL('./killRunner.ts', import.meta.url));
/** Where the kill tests' syncs start. */
export const FROM = '2026-02-20';

/** The child says "ready" on stdout once loaded and syncs on "go" on stdin; `env` adds RECON_KILL_PHASE and the like. */
export function spawnRunner(sandbox: SandboxServer, db: string, now: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, ['--import', 'tsx', RUNNER, db, FROM], {
    env: {
      ...process.env,
      RECON_URL: sandbox.url,
      RECON_TOKEN: sandbox.token,
      RECON_SECRET: sandbox.secret,
      RECON_NOW: now,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}
