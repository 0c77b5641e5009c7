/**
 * Starts killRunner.ts in a child process: one sync of `db` from `sandbox`, on a clock fixed at `now`.
 * Plain node on this run's build of it (test/helpers/cliBundle.ts), its fetch worker beside it,
 * rather than tsx loading the sources in the child and again in its worker.
 */
import { spawn } from 'node:child_process';
import type { SandboxServer } from '../../../electron/sandbox';
import { bundledEntry } from '../../helpers/bundledEntry';
/** Where the kill tests' syncs start. */
export const FROM = '2026-02-20';

/** The child says "ready" on stdout once loaded and syncs on "go" on stdin; `env` adds RECON_KILL_PHASE and the like. */
export function spawnRunner(sandbox: SandboxServer, db: string, now: string, env: Record<string, string> = {}) {
  return spawn(process.execPath, [bundledEntry('killRunner'), db, FROM], {
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
