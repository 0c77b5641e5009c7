/**
 * The CLI's sync writing its progress to a real pipe. On a SQLite file of its own whatever the suite's
 * dialect, so it runs once (node), not again in node-postgres: moved here from progress.test.ts,
 * whose other tests run on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays, todayCentral } from '../../shared/time';
import { runCli } from './spawnedCli';

describe('district-recon sync on a pipe', () => {
  it('writes each progress line with its newline and a summary line last', { timeout: 120_000 }, () => {
    const folder = mkdtempSync(join(tmpdir(), 'recon-cli-sync-'));
    try {
      // A real pipe, in a child process: the one CLI sync test without runCliInProcess's capture. The
      // sandbox syncs up to today: a fixed first day made this sync (and the test) longer every day.
      const from = addDays(todayCentral(), -14);
      const result = runCli(
        ['sync', '--sandbox', '--db', join(folder, 'sync.sqlite'), '--from', from],
        folder,
        110_000,
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).not.toContain('\r');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines.filter((line) => line.startsWith('[transactions]')).length).toBeGreaterThan(0);
      expect(lines.at(-1)).toMatch(/^Sync succeeded after \d+\.\d s: \d+ pages, \d+ rows$/);
      expect(result.stdout).toMatch(/^Sync finished:/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
