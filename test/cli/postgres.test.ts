/**
 * The CLI on a district server's PostgreSQL (issue 16 item 1): `--database URL` or
 * RECON_DATABASE_URL instead of `--db FILE`, the same commands and the same answers as on a file.
 * A sync from the sandbox, then status, check, export, bank and users against the server's database.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { sandboxAndFolder } from '../helpers/sandboxFolder';
import { describePostgres, usePostgresTestDatabase } from '../helpers/postgres';
import { runCliInProcess } from './run';

describePostgres('the CLI on PostgreSQL (--database URL)', () => {
  const ctx = sandboxAndFolder(
    { seed: 11, scenario: { days: 6, dailyVolume: 30, payees: 2, glAccounts: 4 } },
    'recon-pg-cli-',
  );
  const database = usePostgresTestDatabase();
  const url = () => database().url;
  // No service credentials nor server from this machine's environment unless a test gives them.
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCliInProcess(args, ctx.folder, { RECON_TOKEN: '', RECON_SECRET: '', RECON_DATABASE_URL: '', ...env });

  it('refuses --db with --database, and a read on an empty database says what to run', async () => {
    const both = await cli(['status', '--db', join(ctx.folder, 'x.sqlite'), '--database', url()]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --db FILE or --database URL, not both');
    const empty = await cli(['status', '--database', url()]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('holds no District Recon data');
    expect(empty.stderr).toContain('district-recon serve --database URL');
  }, 60_000);

  it('syncs into the server database, and status, check, export and users read it back', async () => {
    const { sandbox } = ctx;
    const synced = await cli(['sync', '--database', url(), '--url', sandbox.url, '--json'], {
      RECON_TOKEN: sandbox.token,
      RECON_SECRET: sandbox.secret,
    });
    expect(synced.stderr).not.toMatch(/failed|Error/);
    expect(synced.code).toBe(0);
    const truth = sandbox.truth();
    expect(JSON.parse(synced.stdout)).toMatchObject({
      status: 'succeeded',
      transactionsInserted: truth.transactions.length,
      batchesSynced: truth.batches.length,
    });

    // RECON_DATABASE_URL says the same as --database.
    const status = await cli(['status', '--json'], { RECON_DATABASE_URL: url() });
    expect(status.code).toBe(0);
    const report = JSON.parse(status.stdout);
    expect(report.counts.transactions).toBe(truth.transactions.length);
    expect(report.counts.batches).toBe(truth.batches.length);
    expect(report.lastRun.status).toBe('succeeded');
    const words = await cli(['status', '--database', url()]);
    expect(words.stdout).toContain(`Database: ${url()}`);

    const check = await cli(['check', '--database', url(), '--json']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const checked = JSON.parse(check.stdout) as { tiesOut: boolean; days: unknown[]; batches: unknown[] };
    expect(checked).toMatchObject({ tiesOut: true, batches: [] });
    expect(checked.days.length).toBeGreaterThan(0);

    // The sandbox gives some GL rows no account (issue 30 item 2): the bookkeeper chooses where they go.
    for (const payee of sandbox.state.payees) {
      const chosen = await cli([
        'export',
        'default-account',
        '--school',
        String(payee.id),
        '--account',
        '4999',
        '--database',
        url(),
      ]);
      expect(chosen.stderr).toBe('');
      expect(chosen.code).toBe(0);
    }
    const out = join(ctx.folder, 'gl.xlsx');
    const dates = truth.batches.map((b) => b.date).sort();
    const exportTo = (file: string) =>
      cli(['export', 'gl', '--from', dates[0]!, '--to', dates.at(-1)!, '--out', file, '--database', url()]);
    const exported = await exportTo(out);
    expect(exported.stderr).not.toMatch(/error|failed/i);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(new RegExp(`^Wrote ${out}: \\d+ GL rows`));
    expect(existsSync(out)).toBe(true);
    const again = await exportTo(join(ctx.folder, 'again.xlsx'));
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('already posted by export #1');

    const added = await cli(['users', 'add', 'pat', '--role', 'approver', '--database', url()], {
      RECON_USER_PASSWORD: 'correct horse battery',
    });
    expect(added.stderr).toBe('');
    expect(added.stdout).toBe('Added pat (approver).\n');
    const listed = await cli(['users', 'list', '--json'], { RECON_DATABASE_URL: url() });
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ name: 'pat', role: 'approver', disabled: false }),
    ]);

    for (const reply of [synced, status, words, check, exported, added, listed]) {
      expect(reply.stdout + reply.stderr).not.toContain(sandbox.secret);
    }
  }, 180_000);
});
