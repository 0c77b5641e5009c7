/** For a describe block: a sandbox started before its tests and a temporary folder, both gone after them. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxOptions, type SandboxServer } from '../../electron/sandbox';

export interface SandboxAndFolder {
  /** The running sandbox (from the block's first hook on). */
  readonly sandbox: SandboxServer;
  folder: string;
}

export function sandboxAndFolder(options: SandboxOptions, folderPrefix: string): SandboxAndFolder {
  let sandbox: SandboxServer | undefined;
  const folder = mkdtempSync(join(tmpdir(), folderPrefix));
  beforeAll(async () => {
    sandbox = await startSandbox(options);
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return {
    get sandbox() {
      if (!sandbox) throw new Error('The sandbox starts in beforeAll: use it inside a hook or a test.');
      return sandbox;
    },
    folder,
  };
}
