/**
 * Sign off, let the service change the deposits' own facts, then kill -9 the next sync in each of
 * its phases and run it again: the re-opens and the checks are never lost (issue 12, item 2).
 */
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { SandboxServer } from '../../../electron/sandbox';
import { createEngineWithInternals } from '../../../electron/engine/engine';
import { memoryCredentialStore } from '../../../electron/engine/credentials';
import { silentLogger } from '../../../electron/engine/logger';
import { fixedClock } from '../../../shared/time';
import { sandboxAndFolder } from '../../helpers/sandboxFolder';
import { copyKeptStore, keptStore, openKeptStore, type KeptStore } from '../../helpers/storeRows';
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
  // A file on SQLite; on PostgreSQL a database, each phase's run on a copy of it.
  let prepared: KeptStore;
  let signed: { amountChanged: string; glChanged: string };

  beforeAll(async () => {
    const { sandbox } = ctx;
    prepared = await keptStore(folder, 'prepared');
    expect(await runChild(sandbox, prepared.location)).toEqual({ killed: false });

    // Two deposits signed off, then the service changes one's transaction amount and the other's GL line.
    const truth = sandbox.truth();
    const [first, second] = truth.batches.filter((b) => b.date >= FROM && b.totalCents > 0);
    const engine = await createEngineWithInternals({
      version: 'test',
      dataFolder: folder,
      ...prepared.where,
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
  afterAll(() => prepared?.drop());

  for (const phase of ['transactions', 'batches', 'gl_batches', 'checks']) {
    it(
      `killed in ${phase}, then run again: both deposits re-opened, every deposit checked`,
      { timeout: 120_000 },
      async () => {
        const { sandbox } = ctx;
        const copy = await copyKeptStore(prepared, folder, phase);
        onTestFinished(() => copy.drop());
        expect(await runChild(sandbox, copy.location, phase)).toEqual({ killed: true });
        expect(await runChild(sandbox, copy.location)).toEqual({ killed: false });

        const check = await openKeptStore(copy);
        try {
          const lastAction = async (id: string) =>
            (
              await check.db
                .selectFrom('batch_reviews')
                .select('action')
                .where('batch_id', '=', id)
                .orderBy('id', 'desc')
                .limit(1)
                .executeTakeFirstOrThrow()
            ).action;
          expect(await lastAction(signed.amountChanged)).toBe('reopen');
          expect(await lastAction(signed.glChanged)).toBe('reopen');
          const count = check.db.fn.countAll<number>();
          const unchecked = await check.db
            .selectFrom('batches as b')
            .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
            .select(count.as('n'))
            .where('c.batch_id', 'is', null)
            .executeTakeFirstOrThrow();
          expect(Number(unchecked.n)).toBe(0);
          const toCheck = await check.db.selectFrom('batches_to_check').select(count.as('n')).executeTakeFirstOrThrow();
          expect(Number(toCheck.n)).toBe(0);
        } finally {
          await check.close();
        }
        // The file itself is SQLite's own to check; PostgreSQL keeps its own files whole.
        if (copy.where.databasePath) {
          const file = new BetterSqlite3(copy.where.databasePath, { readonly: true });
          try {
            expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
          } finally {
            file.close();
          }
        }
      },
    );
  }
});
