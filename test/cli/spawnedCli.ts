/**
 * The CLI run in a child process, as a shell runs it. Apart from run.ts (which reads the dialect
 * switch) so that a test file needing only this, on a database it names itself, runs once rather than
 * again in node-postgres (test/helpers/testSelection.ts).
 */
import { spawnSync } from 'node:child_process';
import { bundledEntry } from '../helpers/bundledEntry';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end in a child process with RECON_DATA_DIR = `folder`. */
export function runCli(args: string[], folder: string, timeout = 60_000): CliResult {
  const result = spawnSync(process.execPath, [bundledEntry('cli'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, RECON_DATA_DIR: folder },
    timeout,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
