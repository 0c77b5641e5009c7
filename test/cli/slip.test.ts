/** `district-recon slip create | verify | list | pdf` as a bookkeeper runs them, after a collection recorded. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { todayCentral } from '../../shared/time';
import { sandboxAndFolder } from '../helpers/sandboxFolder';
import { emptyCliDatabase, runCliInProcess } from './run';

describe('district-recon slip', () => {
  const ctx = sandboxAndFolder(
    { seed: 5, scenario: { days: 4, dailyVolume: 30, payees: 2, glAccounts: 4 } },
    'recon-cli-slip-',
  );

  const cli = async (args: string[]) => {
    const { sandbox } = ctx;
    const env = { RECON_TOKEN: sandbox.token, RECON_SECRET: sandbox.secret };
    const { code, stdout, stderr } = await runCliInProcess(args, ctx.folder, env);
    return { status: code, stdout, stderr };
  };

  it(
    'makes, verifies, lists and prints a slip; refuses an over/short without a comment in one line',
    { timeout: 300_000 },
    async () => {
      const { sandbox } = ctx;
      const payee = sandbox.state.payees[1]!.id;
      const db = (await emptyCliDatabase(ctx.folder, 'slip')).args;
      const url = ['--url', sandbox.url];
      expect((await cli(['sync', ...db, ...url])).status).toBe(0);
      const today = todayCentral({ now: () => sandbox.now() });
      const collect = await cli([
        'collect',
        '--method',
        'cash',
        '--payee',
        String(payee),
        '--amount',
        '26.25',
        '--payer',
        'Ana Ruiz',
        '--yes',
        ...db,
        ...url,
      ]);
      expect(collect.status).toBe(0);
      const cashToday = sandbox
        .truth()
        .transactions.filter(
          (t) =>
            t.payeeId === payee &&
            t.businessDate === today &&
            ['Cash', 'PhysicalCheck'].includes(t.paymentMethod) &&
            !['Voided', 'Declined', 'Error'].includes(t.status),
        );
      const totalCents = cashToday.reduce((sum, t) => sum + t.amountCents, 0);
      const checksCents = cashToday
        .filter((t) => t.paymentMethod === 'PhysicalCheck')
        .reduce((sum, t) => sum + t.amountCents, 0);
      const pennies = totalCents - checksCents;

      const short = await cli([
        'slip',
        'create',
        '--payee',
        String(payee),
        '--date',
        today,
        '--cash',
        `0.01=${pennies - 25}`,
        ...db,
      ]);
      expect(short.status).toBe(1);
      expect(short.stderr.trim().split('\n')).toHaveLength(1);
      expect(short.stderr).toMatch(/short by \$0\.25\. Say why in a comment .* No slip was made\./);

      const made = await cli([
        'slip',
        'create',
        '--payee',
        String(payee),
        '--date',
        today,
        '--cash',
        `0.01=${pennies}`,
        '--counted-by',
        'Pat',
        '--json',
        ...db,
      ]);
      expect(made.stderr).toBe('');
      expect(made.status).toBe(0);
      const slip = JSON.parse(made.stdout) as { id: string; totalCents: number; overShortCents: number };
      expect(slip).toMatchObject({ totalCents, overShortCents: 0 });

      const verified = await cli(['slip', 'verify', slip.id, '--verified-by', 'Pat', ...db]);
      expect(verified.status).toBe(0);
      expect(verified.stdout).toContain('verified by Pat (single-user: one person counted and verified)');
      const listed = await cli(['slip', 'list', '--payee', String(payee), ...db]);
      expect(listed.stdout.trim().split('\n')).toEqual([expect.stringMatching(new RegExp(`^${slip.id}  ${today} `))]);

      const out = join(ctx.folder, 'slip.pdf');
      const printed = await cli(['slip', 'pdf', slip.id, '--out', out, ...db]);
      expect(printed.status).toBe(0);
      expect(printed.stdout).toMatch(/^Wrote .*slip\.pdf \(slip SLIP-.*, SHA-256 [0-9a-f]{64}\)\n$/);
      expect(readFileSync(out).subarray(0, 5).toString()).toBe('%PDF-');
    },
  );
});
