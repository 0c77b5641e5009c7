/**
 * `export gl` names the deposits it posts that do not tie out, one warning line each on stderr,
 * before it posts; `--strict` refuses to post them, exit 1, nothing written (issue 26, item 6).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districtCliDatabase, runCliInProcess, type CliDatabase } from './run';

describe('district-recon export gl and deposits that do not tie out', () => {
  const folder = mkdtempSync(join(tmpdir(), 'recon-cli-untied-'));
  let database: CliDatabase;
  // The small district, no deposit signed off, and 730002's batch $1.00 above its transactions.
  beforeAll(async () => {
    database = await districtCliDatabase(folder, 'untied', (db) =>
      db
        .updateTable('batches')
        .set({ total_cents: 5600 })
        .where('id', '=', '730002')
        .execute()
        .then(() => undefined),
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const exportTo = (out: string, ...flags: string[]) =>
    runCliInProcess(
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, ...flags, ...database.args],
      folder,
    );

  it('--strict refuses, naming each deposit on a line of its own, and writes nothing', async () => {
    const out = join(folder, 'strict.xlsx');
    const result = await exportTo(out, '--strict');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('warning: '))).toEqual([
      'warning: deposit 730001 of 2026-03-02 (Lincoln High Athletics): it ties out but is not signed off',
      'warning: deposit 730002 of 2026-03-02 (Food Services): it differs by $1.00',
      'warning: deposit 730003 of 2026-03-03 (Lincoln High Athletics): it ties out but is not signed off',
      'warning: deposit 730004 of 2026-03-03 (Food Services): it ties out but is not signed off',
    ]);
    expect(lines.at(-1)).toMatch(
      /^district-recon export: 4 deposits from 2026-03-01 to 2026-03-31 do not tie out, so nothing was exported/,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('without --strict posts them, after one warning line per deposit', async () => {
    const out = join(folder, 'posted.xlsx');
    const result = await exportTo(out);
    expect(result.code).toBe(0);
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings).toHaveLength(4);
    expect(warnings[1]).toBe(
      'warning: deposit 730002 of 2026-03-02 (Food Services): it differs by $1.00; posted anyway',
    );
    expect(result.stdout).toMatch(/^Wrote .*posted\.xlsx: 10 GL rows/);
  });
});
