/**
 * The CLI built once per test run: vitest's globalSetup for the node projects (and e2e). A child
 * process on electron/cli/bin.mjs loads the TypeScript sources through tsx's loader hooks, about two
 * seconds for every command; the CLI tests' child processes and the servers they start run plain node
 * on this bundle instead (bundledEntry). Most CLI tests run the CLI's main() in their own process
 * (runCliInProcess in test/cli/run.ts); one still runs bin.mjs itself, as a bookkeeper does
 * (test/cli/bin.test.ts).
 *
 * The build is the installed CLI's (scripts/cliBundle.mjs), with the kill tests' child beside
 * it. It goes to out/cli-test/HASH, named after its
 * own content: both node projects run this setup, and a second build of the same sources (in this
 * process or another) finds the folder there. A build is written to a temporary folder and renamed,
 * so a folder under its hash is always whole.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleCli, WORKER_ENTRIES } from '../../scripts/cliBundle.mjs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's CLI bundle (cli.js, killRunner.js and the worker entries). */
    cliBundle: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT = join(ROOT, 'out/cli-test');
/** Another run's bundles are removed once this old (a run still using one is long over by then). */
const STALE_MS = 60 * 60 * 1000;

/** The bundle's entries: out name -> source (the worker names are those workerEntry.ts looks for). */
const ENTRIES: Record<string, string> = {
  cli: 'electron/cli/entry.ts',
  ...WORKER_ENTRIES,
  // The kill tests' child process (test/engine/sync/runnerChild.ts).
  killRunner: 'test/engine/sync/killRunner.ts',
};

async function buildBundle(): Promise<string> {
  // The same build as the installed CLI's (scripts/build-cli.mjs), with the tests' entries.
  const { files } = await bundleCli(ROOT, OUT, ENTRIES);
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.contents).update('\0');
  const dir = join(OUT, hash.digest('hex').slice(0, 16));
  if (existsSync(dir)) {
    // Kept from an earlier run: in use again, so not stale for another run's clean-up.
    const now = new Date();
    utimesSync(dir, now, now);
  } else {
    const temporary = join(OUT, `.building-${process.pid}-${Math.random().toString(36).slice(2)}`);
    for (const file of files) {
      mkdirSync(dirname(join(temporary, file.name)), { recursive: true });
      writeFileSync(join(temporary, file.name), file.contents);
    }
    try {
      renameSync(temporary, dir);
    } catch (error) {
      // Another build of the same content was renamed there first: the same files.
      rmSync(temporary, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
  }
  removeStale(dir);
  return dir;
}

function removeStale(current: string): void {
  const now = Date.now();
  for (const name of readdirSync(OUT)) {
    const path = join(OUT, name);
    if (path === current) continue;
    try {
      if (now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed by another run meanwhile.
    }
  }
}

// Both node projects load this setup in the one vitest process: the first starts the build, the other awaits it.
const shared = globalThis as { reconCliBundle?: Promise<string> };

export default async function setup(project: TestProject): Promise<void> {
  shared.reconCliBundle ??= buildBundle();
  project.provide('cliBundle', await shared.reconCliBundle);
}
