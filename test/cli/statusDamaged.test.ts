/**
 * `status` only reads, so it opens the store read-only and skips the integrity check that guards
 * writes (store/dialect/sqlite/readOnly.ts); a command that writes still runs it first.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeDamagedStore } from '../helpers/damagedStore';
import { runCli } from './spawnedCli';

describe('district-recon status on a damaged database', () => {
  const folder = mkdtempSync(join(tmpdir(), 'recon-cli-damaged-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('reports what it can read when the damage is where status never reads, changing nothing; check (which writes) then refuses the file before writing', async () => {
    const path = join(folder, 'filler.sqlite');
    await writeDamagedStore(path, 'filler');
    const damaged = readFileSync(path);

    const status = runCli(['status', '--db', path], folder);
    expect(status.stderr).toBe('');
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('transactions: 0');
    expect(readFileSync(path).equals(damaged)).toBe(true);

    const check = runCli(['check', '--db', path, '--from', '2026-03-01', '--to', '2026-03-31'], folder);
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(/is damaged .*It was moved aside to /);
    expect(existsSync(path)).toBe(false);
    const movedTo = /moved aside to (\S+);/.exec(check.stderr)?.[1];
    expect(movedTo && readFileSync(movedTo).equals(damaged)).toBe(true);
  });

  it('says in one line that the file is damaged and what to do when status meets the damage, and leaves it in place', async () => {
    const path = join(folder, 'everything.sqlite');
    await writeDamagedStore(path, 'everything');
    const damaged = readFileSync(path);

    const status = runCli(['status', '--db', path], folder);
    expect(status.code).toBe(1);
    expect(status.stdout).toBe('');
    expect(status.stderr.trim().split('\n')).toEqual([
      `district-recon status: The database ${path} is damaged (database disk image is malformed); nothing was changed. ` +
        'Open District Recon or run "district-recon sync" to move it aside and restore the last automatic backup.',
    ]);
    expect(readFileSync(path).equals(damaged)).toBe(true);
  });
});
