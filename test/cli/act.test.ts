/** `district-recon refund`, `void` and `collect` as a bookkeeper runs them, against the sandbox over HTTP. */
import { describe, expect, it } from 'vitest';
import { samplePayment } from '../../electron/sandbox/samples';
import { sandboxClient } from '../helpers/sandbox';
import { sandboxAndFolder } from '../helpers/sandboxFolder';
import { emptyCliDatabase, runCliInProcess } from './run';

describe('district-recon refund / void / collect', () => {
  const ctx = sandboxAndFolder(
    {
      seed: 5,
      scenario: { days: 4, dailyVolume: 30, payees: 2, glAccounts: 4 },
    },
    'recon-cli-act-',
  );

  const cli = async (args: string[]) => {
    const { sandbox } = ctx;
    const env = { RECON_TOKEN: sandbox.token, RECON_SECRET: sandbox.secret };
    const { code, stdout, stderr } = await runCliInProcess(args, ctx.folder, env);
    return { status: code, stdout, stderr };
  };

  it(
    'refunds, voids and records a check once each; refuses in one line what would be refused',
    { timeout: 300_000 },
    async () => {
      const { sandbox } = ctx;
      const payee = sandbox.state.payees[0]!.id;
      const pending = await sandboxClient(sandbox).post('/txns', samplePayment(payee, '12.00'));
      // From here every POST's answer is lost: the CLI still acts once.
      sandbox.setFaults({ lostAnswerRate: 1, maxConsecutive: 1000 });
      const db = (await emptyCliDatabase(ctx.folder, 'act')).args;
      const url = ['--url', sandbox.url];
      expect((await cli(['sync', ...db, ...url])).status).toBe(0);
      const sale = sandbox.truth().transactions.find((t) => t.status === 'Settled' && t.amountCents >= 500)!;
      sandbox.state.writes.length = 0;
      sandbox.state.postsReceived = 0;

      const refund = await cli([
        'refund',
        String(sale.id),
        '--amount',
        '2.50',
        '--reason',
        'duplicate payment',
        '--yes',
        '--json',
        ...db,
        ...url,
      ]);
      expect(refund.stderr).toContain(`Refund $2.50 of transaction ${sale.id}`);
      expect(refund.status).toBe(0);
      expect(JSON.parse(refund.stdout).intent).toMatchObject({
        state: 'done',
        kind: 'refund',
        reason: 'Duplicate payment',
      });

      const voided = await cli([
        'void',
        String(pending.json.id),
        '--reason',
        'entered-in-error',
        '--yes',
        ...db,
        ...url,
      ]);
      expect(voided.status).toBe(0);
      expect(voided.stdout).toMatch(/^Done: void DR-/);

      const check = await cli([
        'collect',
        '--method',
        'check',
        '--payee',
        String(payee),
        '--amount',
        '25.00',
        '--payer',
        'Zoë Østergaard',
        '--check-number',
        '2207',
        '--item',
        'Field trip=20.00',
        '--item',
        'Lunch=5.00',
        '--note',
        'Room 12',
        '--yes',
        ...db,
        ...url,
      ]);
      expect(check.stderr).toContain('Record Check of $25.00');
      expect(check.status).toBe(0);

      expect(sandbox.state.writes.map((w) => [w.operation, w.cents])).toEqual([
        ['refund', 250],
        ['void', 1200],
        ['process', 2500],
      ]);
      expect(sandbox.state.writes[2]!.data).toMatch(/^DR-\S+ check 2207 Room 12$/);
      expect(sandbox.faultCounts().lost_answer).toBe(3);

      // Refused before sending, in one line: no POST reaches the service.
      const posts = sandbox.state.postsReceived;
      const over = await cli([
        'refund',
        String(sale.id),
        '--amount',
        '99999.00',
        '--reason',
        'overpayment',
        '--yes',
        ...db,
        ...url,
      ]);
      expect(over.status).toBe(1);
      expect(over.stderr.trim().split('\n')).toHaveLength(1);
      expect(over.stderr).toMatch(/is more than the .* not yet refunded\. Nothing was sent\./);
      const settledVoid = await cli(['void', String(sale.id), '--reason', 'entered in error', '--yes', ...db, ...url]);
      expect(settledVoid.status).toBe(1);
      expect(settledVoid.stderr).toMatch(/cannot be voided: it has settled/);
      const oneWord = await cli([
        'collect',
        '--method',
        'cash',
        '--payee',
        String(payee),
        '--amount',
        '5',
        '--payer',
        'Cher',
        '--yes',
        ...db,
        ...url,
      ]);
      expect(oneWord.status).toBe(1);
      expect(oneWord.stderr).toMatch(/payer name: must be two or more names/);
      const unconfirmed = await cli([
        'refund',
        String(sale.id),
        '--amount',
        '1.00',
        '--reason',
        'overpayment',
        ...db,
        ...url,
      ]);
      expect(unconfirmed.status).toBe(2);
      expect(unconfirmed.stderr).toContain('add --yes');
      expect(
        (await cli(['collect', '--method', 'card', '--payee', '1', '--amount', '5', '--payer', 'A B', ...db])).status,
      ).toBe(2);
      expect((await cli(['refund', 'abc', '--reason', 'x', ...db])).status).toBe(2);
      expect((await cli(['refund', String(sale.id), ...db])).status).toBe(2);
      expect(sandbox.state.postsReceived).toBe(posts);
      expect(refund.stdout + refund.stderr + check.stdout + check.stderr).not.toContain(sandbox.secret);
    },
  );
});
