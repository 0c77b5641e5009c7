import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/db';
import { amountChangedAfterBatching, refundAfterBatching, seedDistrict } from '../engine/reconcile/fixtures';

function cli(args: string[], folder: string) {
  const result = spawnSync(process.execPath, ['electron/cli/bin.mjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, RECON_DATA_DIR: folder },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('district-recon export gl and check', () => {
  let folder: string;
  let dbFile: string;
  beforeAll(async () => {
    const db = await createTestDb({ file: true });
    await seedDistrict(db.db);
    folder = mkdtempSync(join(tmpdir(), 'recon-cli-'));
    dbFile = join(db.folder!, 'district-recon.sqlite');
    await db.close();
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('exports GL batches to the named workbook and warns of an overlapping earlier export', () => {
    const out = join(folder, 'gl.xlsx');
    const first = cli(
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, '--db', dbFile],
      folder,
    );
    expect(first.stderr).not.toContain('Error');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(
        `^Wrote ${out}: 10 GL rows, \\$363\\.57; 4 deposits and 0 reversals \\(\\$0\\.00\\) posted; sha256 [0-9a-f]{64}`,
      ),
    );
    const second = cli(
      [
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
        '--db',
        dbFile,
      ],
      folder,
    );
    expect(second.code).toBe(0);
    expect(existsSync(join(folder, 'je.csv')) && existsSync(join(folder, 'je.xlsx'))).toBe(true);
    expect(second.stderr).toContain(`overlaps export #1`);
    expect(second.stderr).toContain(out);
  });

  it('refuses to replace an existing --out file (exit 1, file and mode untouched) unless --force', () => {
    const out = join(folder, 'existing.xlsx');
    writeFileSync(out, 'budget notes', { mode: 0o640 });
    const args = ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', out, '--db', dbFile];
    const refused = cli(args, folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${out} already exists`);
    expect(readFileSync(out, 'utf8')).toBe('budget notes');
    expect(statSync(out).mode & 0o777).toBe(0o640);
    const forced = cli([...args, '--force'], folder);
    expect(forced.code).toBe(0);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
  });

  it('reads never create a database: a missing --db is a one-line error naming it', () => {
    const missing = join(folder, 'mistyped.sqlite');
    for (const args of [
      ['check', '--db', missing],
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', join(folder, 'x.xlsx'), '--db', missing],
      ['status', '--db', missing],
    ]) {
      const result = cli(args, folder);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(missing);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(missing)).toBe(false);
    }
  }, 90_000);

  it('a --db that is not SQLite at all is refused and left as it is, never renamed', () => {
    const csv = join(folder, 'budget.csv');
    writeFileSync(csv, 'account,amount\n4100,12.00\n');
    for (const args of [
      ['status', '--db', csv],
      ['check', '--db', csv],
    ]) {
      const result = cli(args, folder);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('not a SQLite file');
    }
    expect(readFileSync(csv, 'utf8')).toBe('account,amount\n4100,12.00\n');
    expect(readdirSync(folder).filter((name) => name.startsWith('budget.csv'))).toEqual(['budget.csv']);
  }, 90_000);

  it('exits 2 on bad usage and 1, naming the path, when the file cannot be written', () => {
    expect(cli(['export', 'gl', '--from', '2026-3-1', '--to', '2026-03-31', '--out', 'x.xlsx'], folder)).toMatchObject({
      code: 2,
    });
    expect(
      cli(['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', 'x.xlsx', '--layout', 'pdf'], folder),
    ).toMatchObject({ code: 2 });
    const ancient = cli(['export', 'gl', '--from', '0000-01-01', '--to', '2026-03-31', '--out', 'x.xlsx'], folder);
    expect(ancient).toMatchObject({ code: 2, stderr: expect.stringContaining('outside 2000 to 2099') });
    const bad = join(folder, 'missing', 'x.xlsx');
    const failed = cli(
      ['export', 'gl', '--from', '2026-03-01', '--to', '2026-03-31', '--out', bad, '--db', dbFile],
      folder,
    );
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${bad}: the folder does not exist`);
  }, 90_000);

  it('check exits 0 when everything ties out and 1 (with the batch named) when not', async () => {
    const ok = cli(['check', '--db', dbFile, '--json'], folder);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ from: '2026-03-02', to: '2026-03-03', tiesOut: true, batches: [] });

    const db = await createTestDb({ file: true });
    await seedDistrict(db.db);
    // Issue 13: a refund no longer makes a deposit differ (it is a reversal, printed after the tie-out);
    // an amount changed after batching does.
    await amountChangedAfterBatching(db.db, 1005, 3001, '2026-03-05T08:00:00.000Z');
    await refundAfterBatching(db.db, 1002, 700, '2026-03-05T08:00:00.000Z');
    const file = join(db.folder!, 'district-recon.sqlite');
    await db.close();
    const bad = cli(['check', '--from', '2026-03-01', '--to', '2026-03-31', '--db', file], folder);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/730002\t2026-03-02\tFood Services\tACH\tdiffers/);
    // The period's reversals follow the tie-out; the refunded deposit 730001 itself still ties out.
    expect(bad.stdout).not.toMatch(/730001\t2026-03-02\t.*\tdiffers/);
    expect(bad.stdout).toMatch(/Reversals seen in this period \(posted in its journal\): 1/);
    expect(bad.stdout).toMatch(/2026-03-05\t1002\trefund\t730001\t2026-03-02\tLincoln High Athletics\t\$7\.00/);
    expect(cli(['check', '--from', '2026-03-01'], folder).code).toBe(2);
  });
});
