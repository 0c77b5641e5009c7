/** The CLI as a bookkeeper runs it: a child process on electron/cli/bin.mjs, in a folder of its own. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { openStore } from '../../electron/engine/store/open';
import type { Database } from '../../electron/engine/store/schema';
import { seedDistrict } from '../engine/reconcile/fixtures';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end with RECON_DATA_DIR = `folder`. */
export function runCli(args: string[], folder: string, timeout = 60_000): CliResult {
  const result = spawnSync(process.execPath, ['electron/cli/bin.mjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, RECON_DATA_DIR: folder },
    timeout,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes a database file holding the small district (and what `more` adds), closed for the CLI to open. */
export async function writeDistrictDb(file: string, more?: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const store = await openStore(file);
  try {
    await seedDistrict(store.writer.db);
    await more?.(store.writer.db);
  } finally {
    await store.close();
  }
}

/**
 * A folder for a describe block's CLI runs, made now and removed after the block, holding `dbFile`:
 * the small district, written before the block's first test.
 */
export function districtFolder(prefix: string): { folder: string; dbFile: string } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const dbFile = join(folder, 'district-recon.sqlite');
  beforeAll(() => writeDistrictDb(dbFile));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return { folder, dbFile };
}
