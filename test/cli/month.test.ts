/**
 * `district-recon month status|close|reopen` as a bookkeeper runs them (issue 29), on the small
 * district (March 2026 deposits, none in January): the district's table, a school's checklist as
 * JSON, the district's rows as a workbook (--xlsx), a close refused with one line per open item, a close of a month whose checklist is met, and
 * a re-open that needs a reason.
 */
import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { districtFolder, runCliInProcess } from './run';

describe('district-recon month', () => {
  const { folder, database } = districtFolder('recon-cli-month-');

  it('status without --payee: one row per school, most behind first; exit 1 while items are open', async () => {
    const result = await runCliInProcess(['month', 'status', '--month', '2026-03', ...database().args], folder);
    // The first opening of the seeded store works out its checks (progress on stderr), nothing else.
    expect(result.stderr).not.toMatch(/error|cannot/i);
    expect(result.code).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('2026-03, due 2026-04-15');
    expect(lines[1]).toMatch(/^School +State +Days late +Signed off +Bank matched/);
    expect(result.stdout).toMatch(/Lincoln High Athletics \(1\) +Open +\d+ +0 of 2 +0 of 2/);
    expect(result.stdout).toMatch(/Food Services \(2\) +Open/);
  });

  // Three CLI runs: each opens the store afresh.
  it(
    'status --xlsx writes the district rows as a workbook, whole, and refuses a symbolic link',
    { timeout: 180_000 },
    async () => {
      const file = join(folder, 'district-2026-03.xlsx');
      const result = await runCliInProcess(
        ['month', 'status', '--month', '2026-03', '--xlsx', file, ...database().args],
        folder,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`Wrote ${file}: 2 schools of 2026-03.\n`);
      // A zip (xlsx) whose workbook names the district's sheet.
      expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');

      const link = join(folder, 'linked.xlsx');
      symlinkSync(file, link);
      const refused = await runCliInProcess(
        ['month', 'status', '--month', '2026-03', '--xlsx', link, ...database().args],
        folder,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/--xlsx .*linked\.xlsx is a symbolic link .*; no workbook was written\n$/);
      expect(readdirSync(folder).filter((name) => name.includes('.tmp'))).toEqual([]);

      const withPayee = await runCliInProcess(
        ['month', 'status', '--month', '2026-03', '--payee', '1', '--xlsx', file, ...database().args],
        folder,
      );
      expect(withPayee.code).toBe(2);
      expect(withPayee.stderr).toMatch(/--xlsx writes the district's rows: leave out --payee/);
    },
  );

  it("status --payee --json: the school's checklist with each open thing and its link", async () => {
    const result = await runCliInProcess(
      ['month', 'status', '--month', '2026-03', '--payee', '1', '--json', ...database().args],
      folder,
    );
    expect(result.code).toBe(1);
    const status = JSON.parse(result.stdout);
    expect(status).toMatchObject({ month: '2026-03', payeeId: 1, state: 'open' });
    const signOff = status.checklist.find((i: { item: string }) => i.item === 'deposits_signed_off');
    expect(signOff).toMatchObject({ met: false, open: 2 });
    expect(signOff.firstOpen[0].link).toEqual({ view: 'batches', itemId: '730001' });
  });

  it('close is refused with one line per open item while the checklist is not met', async () => {
    const result = await runCliInProcess(
      ['month', 'close', '--month', '2026-03', '--payee', '1', ...database().args],
      folder,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /Cannot close 2026-03 of Lincoln High Athletics \(school 1\): \d checklist items are open/,
    );
    expect(result.stderr).toMatch(/^- Every deposit signed off .*: 2 open \(Deposit 730001/m);
    expect(result.stderr).toMatch(/^- Every deposit posted to the ledger once: 2 open/m);
  });

  it('closes a month whose checklist is met, self-approved; re-open needs a reason', async () => {
    const closed = await runCliInProcess(
      ['month', 'close', '--month', '2026-01', '--payee', '1', ...database().args],
      folder,
    );
    expect(closed.stderr).toBe('');
    expect(closed.code).toBe(0);
    expect(closed.stdout).toMatch(/^Closed 2026-01 of Lincoln High Athletics \(1\) by \S+, self-approved/);
    const noReason = await runCliInProcess(
      ['month', 'reopen', '--month', '2026-01', '--payee', '1', ...database().args],
      folder,
    );
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason/);
    const reopened = await runCliInProcess(
      ['month', 'reopen', '--month', '2026-01', '--payee', '1', '--reason', 'A late slip', ...database().args],
      folder,
    );
    expect(reopened.code).toBe(0);
    expect(reopened.stdout).toMatch(/^Re-opened 2026-01 of Lincoln High Athletics/);
  });
});
