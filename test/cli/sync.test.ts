import { describe, expect, it } from 'vitest';
import { sandboxAndFolder } from '../helpers/sandboxFolder';
import { emptyCliDatabase, runCliInProcess } from './run';

describe('district-recon sync / status', () => {
  const ctx = sandboxAndFolder(
    {
      seed: 3,
      scenario: { days: 5, dailyVolume: 40, payees: 2, glAccounts: 5 },
      faults: { serverErrorRate: 0.05, maxConsecutive: 1 },
    },
    'recon-cli-',
  );
  const { folder } = ctx;

  const cli = async (args: string[], env: Record<string, string> = {}) => {
    const { code, stdout, stderr } = await runCliInProcess(args, folder, { RECON_TOKEN: '', RECON_SECRET: '', ...env });
    return { status: code, stdout, stderr };
  };

  it(
    'syncs with credentials from the environment, prints a JSON summary, and status reports it',
    { timeout: 120_000 },
    async () => {
      const { sandbox } = ctx;
      const db = (await emptyCliDatabase(folder, 'a')).args;
      const result = await cli(['sync', ...db, '--url', sandbox.url, '--json'], {
        RECON_TOKEN: sandbox.token,
        RECON_SECRET: sandbox.secret,
      });
      expect(result.stderr).toContain('[transactions]');
      expect(result.status).toBe(0);
      const summary = JSON.parse(result.stdout);
      const truth = sandbox.truth();
      expect(summary).toMatchObject({
        status: 'succeeded',
        trigger: 'cli',
        transactionsInserted: truth.transactions.length,
        error: null,
      });
      const status = await cli(['status', ...db, '--json']);
      expect(status.status).toBe(0);
      const report = JSON.parse(status.stdout);
      expect(report.counts.transactions).toBe(truth.transactions.length);
      expect(report.counts.batches).toBe(truth.batches.length);
      expect(report.lastRun.status).toBe('succeeded');
      expect(report.cursors['txns.synced_through']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(result.stdout + result.stderr + status.stdout).not.toContain(sandbox.secret);
    },
  );

  it('fails (exit 1) in words without credentials, and refuses bad usage (exit 2)', { timeout: 120_000 }, async () => {
    const { sandbox } = ctx;
    const db = (await emptyCliDatabase(folder, 'b')).args;
    const none = await cli(['sync', ...db, '--url', sandbox.url]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('No token and secret are stored');
    expect((await cli(['sync', ...db, '--from', '03/08/2026'])).status).toBe(2);
    expect((await cli(['sync', ...db, '--sandbox', '--url', sandbox.url])).status).toBe(2);
    expect((await cli(['sync', '--token', 'x'])).status).toBe(2);
  });
});
