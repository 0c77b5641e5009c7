import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { amountChangedAfterBatching, refundAfterBatching } from '../engine/reconcile/fixtures';
import { districtCliDatabase, districtFolder, runCliInProcess } from './run';

describe('district-recon export gl and check', () => {
  const { folder, database } = districtFolder('recon-cli-');

  it('exports GL batches to the named workbook; what an earlier export posted is left out unless --repost', async () => {
    const out = join(folder, 'gl.xlsx');
    const first = await runCliInProcess(
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, ...database().args],
      folder,
    );
    expect(first.stderr).not.toContain('Error');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(
        `^Wrote ${out}: 10 GL rows, \\$363\\.57; 4 deposits and 0 reversals \\(\\$0\\.00\\) posted; sha256 [0-9a-f]{64}`,
      ),
    );
    const subset = [
      'export',
      'gl',
      '--from',
      '2026-03-02',
      '--to',
      '2026-03-02',
      '--payees',
      '2',
      '--methods',
      'ACH',
      '--layout',
      'je-csv',
      '--out',
      join(folder, 'je.csv'),
      ...database().args,
    ];
    const refused = await runCliInProcess(subset, folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already posted by export #1 .*--repost/);
    expect(existsSync(join(folder, 'je.csv')) || existsSync(join(folder, 'je.xlsx'))).toBe(false);
    const second = await runCliInProcess([...subset, '--repost'], folder);
    expect(second.code).toBe(0);
    expect(existsSync(join(folder, 'je.csv')) && existsSync(join(folder, 'je.xlsx'))).toBe(true);
    expect(second.stderr).toMatch(/warning: posted again \d+ deposits/);
    expect(second.stderr).toContain(`overlaps export #1`);
    expect(second.stderr).toContain(out);
  });

  it('refuses to replace an existing --out file (exit 1, file and mode untouched) unless --force', async () => {
    const out = join(folder, 'existing.xlsx');
    writeFileSync(out, 'budget notes', { mode: 0o640 });
    const args = ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, ...database().args];
    const refused = await runCliInProcess(args, folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${out} already exists`);
    expect(readFileSync(out, 'utf8')).toBe('budget notes');
    expect(statSync(out).mode & 0o777).toBe(0o640);
    // The range was posted by the first test's export: --repost, to exercise --force alone.
    const forced = await runCliInProcess([...args, '--force', '--repost'], folder);
    expect(forced.code).toBe(0);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
  });

  it('reads never create a database: a missing --db is a one-line error naming it', async () => {
    const missing = join(folder, 'mistyped.sqlite');
    for (const args of [
      ['check', '--db', missing],
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', join(folder, 'x.xlsx'), '--db', missing],
      ['status', '--db', missing],
    ]) {
      const result = await runCliInProcess(args, folder);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(missing);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(missing)).toBe(false);
    }
  }, 90_000);

  it('a --db that is not SQLite at all is refused and left as it is, never renamed', async () => {
    const csv = join(folder, 'budget.csv');
    writeFileSync(csv, 'account,amount\n4100,12.00\n');
    for (const args of [
      ['status', '--db', csv],
      ['check', '--db', csv],
    ]) {
      const result = await runCliInProcess(args, folder);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('not a SQLite file');
    }
    expect(readFileSync(csv, 'utf8')).toBe('account,amount\n4100,12.00\n');
    expect(readdirSync(folder).filter((name) => name.startsWith('budget.csv'))).toEqual(['budget.csv']);
  }, 90_000);

  it('exits 2 on bad usage and 1, naming the path, when the file cannot be written', async () => {
    expect(
      await runCliInProcess(['export', 'gl', '--from', '2026-3-1', '--to', '2026-03-31', '--out', 'x.xlsx'], folder),
    ).toMatchObject({
      code: 2,
    });
    expect(
      await runCliInProcess(
        ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', 'x.xlsx', '--layout', 'pdf'],
        folder,
      ),
    ).toMatchObject({ code: 2 });
    const ancient = await runCliInProcess(
      ['export', 'gl', '--from', '0000-01-01', '--to', '2026-03-31', '--out', 'x.xlsx'],
      folder,
    );
    expect(ancient).toMatchObject({ code: 2, stderr: expect.stringContaining('outside 2000 to 2099') });
    const bad = join(folder, 'missing', 'x.xlsx');
    const failed = await runCliInProcess(
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', bad, ...database().args],
      folder,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${bad}: the folder does not exist`);
  }, 90_000);

  it('check exits 0 when everything ties out and 1 (with the batch named) when not', async () => {
    const ok = await runCliInProcess(['check', ...database().args, '--json'], folder);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ from: '2026-03-02', to: '2026-03-03', tiesOut: true, batches: [] });

    // Issue 13: a refund no longer makes a deposit differ (it is a reversal, printed after the tie-out);
    // an amount changed after batching does.
    const changed = await districtCliDatabase(folder, 'changed', async (db) => {
      await amountChangedAfterBatching(db, 1005, 3001, '2026-03-05T08:00:00.000Z');
      await refundAfterBatching(db, 1002, 700, '2026-03-05T08:00:00.000Z');
    });
    const bad = await runCliInProcess(['check', '--from', '2026-03-01', '--to', '2026-03-31', ...changed.args], folder);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/730002\t2026-03-02\tFood Services\tACH\tdiffers/);
    // The period's reversals follow the tie-out; the refunded deposit 730001 itself still ties out.
    expect(bad.stdout).not.toMatch(/730001\t2026-03-02\t.*\tdiffers/);
    expect(bad.stdout).toMatch(/Reversals seen in this period \(posted in its journal\): 1/);
    expect(bad.stdout).toMatch(/2026-03-05\t1002\trefund\t730001\t2026-03-02\tLincoln High Athletics\t\$7\.00/);
    // A refund is money paid back, and the table says so (issue 30 item 7).
    expect(bad.stdout).toContain('\tschool\tmoney out\n');
    expect(bad.stdout).toContain('Total paid back\t$7.00');
    expect((await runCliInProcess(['check', '--from', '2026-03-01'], folder)).code).toBe(2);
  });
});
