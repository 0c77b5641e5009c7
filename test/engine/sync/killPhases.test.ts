/**
 * Sign off, let the service change the deposits' own facts, then kill -9 the next sync in each of
 * its phases and run it again: the re-opens and the checks are never lost (issue 12, item 2).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxServer } from '../../../electron/sandbox';
import { createEngineWithInternals } from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { silentLogger } from '../../../electron/engine/logger';
import { fixedClock } from '../../../shared/time';
import { sandboxAndFolder } from '../../helpers/sandboxFolder';
import { SMALL_SCENARIO, START } from './harness';
import { FROM, spawnRunner } from './runnerChild';

/** One sync of `db` in a child process; resolves with whether it was killed. */
function runChild(sandbox: SandboxServer, db: string, killPhase?: string): Promise<{ killed: boolean }> {
  const child = spawnRunner(sandbox, db, sandbox.now().toString(), killPhase ? { RECON_KILL_PHASE: killPhase } : {});
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('ready')) child.stdin.write('go\n');
  });
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true });
      else if (code === 0) resolve({ killed: false });
      else reject(new Error(`runner exited ${code}: ${err}`));
    });
  });
}

describe('kill -9 in each phase after a sign-off and an upstream change', () => {
  const ctx = sandboxAndFolder({ seed: 21, now: START, scenario: SMALL_SCENARIO }, 'recon-kill-phases-');
  const { folder } = ctx;
  const prepared = join(folder, 'prepared.sqlite');
  let signed: { amountChanged: string; glChanged: string };

  beforeAll(async () => {
    const { sandbox } = ctx;
    expect(await runChild(sandbox, prepared)).toEqual({ killed: false });

    // Two deposits signed off, then the service changes one's transaction amount and the other's GL line.
    const truth = sandbox.truth();
    const [first, second] = truth.batches.filter((b) => b.date >= FROM && b.totalCents > 0);
    const engine = await createEngineWithInternals({
      version: 'test',
      dataFolder: folder,
      databasePath: prepared,
      host: 'direct',
      clock: fixedClock(START),
      credentials: memoryCredentialStore({ token: sandbox.token, secret: sandbox.secret }),
      logger: silentLogger,
    });
    for (const batch of [first!, second!]) {
      const detail = await engine.call('batches.get', { id: batch.id });
      expect(detail.batch.verdict).toBe('ties_out');
      await engine.call('batches.signOff', { id: batch.id, note: 'Matches the bank' });
    }
    await engine.close();
    const txn = truth.transactions.find((t) => t.batchId === first!.id)!;
    sandbox.injectDiscrepancy({
      kind: 'change_transaction_amount',
      transactionId: txn.id,
      cents: txn.amountCents + 100,
    });
    const gl = truth.glBatches.find((g) => g.batchId === second!.id)!;
    sandbox.injectDiscrepancy({ kind: 'alter_gl_row', glBatchId: gl.glBatchId, amountCents: gl.amountCents + 100 });
    signed = { amountChanged: first!.id, glChanged: second!.id };
  }, 120_000);

  for (const phase of ['transactions', 'batches', 'gl_batches', 'checks']) {
    it(
      `killed in ${phase}, then run again: both deposits re-opened, every deposit checked`,
      { timeout: 120_000 },
      async () => {
        const db = join(folder, `${phase}.sqlite`);
        const { sandbox } = ctx;
        copyFileSync(prepared, db);
        expect(await runChild(sandbox, db, phase)).toEqual({ killed: true });
        expect(await runChild(sandbox, db)).toEqual({ killed: false });

        const check = new BetterSqlite3(db, { readonly: true });
        try {
          const lastAction = (id: string) =>
            (
              check.prepare('SELECT action FROM batch_reviews WHERE batch_id = ? ORDER BY id DESC LIMIT 1').get(id) as {
                action: string;
              }
            ).action;
          expect(lastAction(signed.amountChanged)).toBe('reopen');
          expect(lastAction(signed.glChanged)).toBe('reopen');
          const unchecked = check
            .prepare(
              'SELECT COUNT(*) AS n FROM batches b LEFT JOIN batch_checks c ON c.batch_id = b.id WHERE c.batch_id IS NULL',
            )
            .get() as { n: number };
          expect(unchecked.n).toBe(0);
          expect(check.prepare('SELECT COUNT(*) AS n FROM batches_to_check').get()).toEqual({ n: 0 });
          expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          check.close();
        }
      },
    );
  }
});
