import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { SandboxServer } from '../../../electron/sandbox';
import { openStore } from '../../../electron/engine/store/open';
import { sandboxAndFolder } from '../../helpers/sandboxFolder';
import { SMALL_SCENARIO, START, truthTransactions } from './harness';
import { FROM, spawnRunner } from './runnerChild';

interface Warm {
  ready: Promise<void>;
  run(killAfterMs: number | null): Promise<{ killed: boolean; summary: string }>;
}

/** Spawns a child that loads its modules and waits; run() lets it sync, killing it `killAfterMs` after it started (null: let it finish). */
function spawnWarm(sandbox: SandboxServer, db: string): Warm {
  const child = spawnRunner(sandbox, db, START);
  let out = '';
  let err = '';
  let killAfter: number | null = null;
  let killed = false;
  let onReady!: () => void;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  const exit = new Promise<{ killed: boolean; summary: string }>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve({ killed: true, summary: '' });
      else if (code === 0) resolve({ killed: false, summary: out.split('\n').filter(Boolean).at(-1) ?? '' });
      else reject(new Error(`runner exited ${code}: ${err}`));
    });
  });
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready')) onReady();
    if (killAfter !== null && out.includes('started') && !killed) {
      killed = true;
      setTimeout(() => child.kill('SIGKILL'), killAfter);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return {
    ready,
    async run(killAfterMs) {
      killAfter = killAfterMs;
      await ready;
      child.stdin.write('go\n');
      return exit;
    },
  };
}

describe('a sync killed at random points (SIGKILL) and re-run', () => {
  // A little latency so a run lasts long enough to be cut at many different places.
  const ctx = sandboxAndFolder(
    {
      seed: 11,
      now: START,
      scenario: SMALL_SCENARIO,
      faults: { latencyMs: [1, 4], serverErrorRate: 0.03, resetRate: 0.02, maxConsecutive: 1 },
    },
    'recon-kill-',
  );

  it('ends equal to the truth with no duplicate change rows and integrity_check ok', { timeout: 180_000 }, async () => {
    const { sandbox, folder } = ctx;
    const db = join(folder, 'district-recon.sqlite');
    // Deterministic "random" kill points spread over the run (ms after the run started).
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let kills = 0;
    let warm = spawnWarm(sandbox, db);
    // Until 20 runs were really cut short (a run may finish before its kill point comes).
    for (let i = 0; kills < 20 && i < 40; i++) {
      const current = warm;
      await current.ready;
      warm = spawnWarm(sandbox, db);
      const { killed } = await current.run(Math.floor(next() * 400));
      if (killed) kills++;
    }
    expect(kills).toBeGreaterThanOrEqual(20);
    const final = await warm.run(null);
    expect(JSON.parse(final.summary)).toMatchObject({ status: 'succeeded', error: null });

    const check = new BetterSqlite3(db, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    const duplicates = check
      .prepare(
        `SELECT transaction_id, kind, COUNT(*) AS n FROM transaction_changes
          GROUP BY transaction_id, kind, from_status, to_status, delta_cents HAVING n > 1`,
      )
      .all();
    expect(duplicates).toEqual([]);
    check.close();

    const store = await openStore(db);
    const rows = store.writer.sqlite
      .prepare(
        'SELECT id, status, amount_cents AS a, amount_refunded_cents AS r, batch_id AS b, business_date AS d FROM transactions ORDER BY id',
      )
      .all();
    const truth = truthTransactions(sandbox, FROM).map((t) => ({
      id: t.id,
      status: t.status,
      a: t.amountCents,
      r: t.amountRefundedCents,
      b: t.batchId,
      d: t.businessDate,
    }));
    expect(rows).toEqual(truth);
    // Nothing moved on the service between runs: each transaction's first status is its status now.
    // A routine first sighting (Pending, Settled) is no row; every other one is stored exactly once.
    const firstStatus = store.writer.sqlite
      .prepare('SELECT id, first_status AS status FROM transactions ORDER BY id')
      .all();
    expect(firstStatus).toEqual(truth.map((t) => ({ id: t.id, status: t.status })));
    const firstSeen = store.writer.sqlite
      .prepare(`SELECT transaction_id AS id FROM transaction_changes WHERE kind = 'first_seen' ORDER BY transaction_id`)
      .all() as Array<{ id: number }>;
    const nonRoutine = truth.filter((t) => t.status !== 'Pending' && t.status !== 'Settled').map((t) => t.id);
    expect(nonRoutine.length).toBeGreaterThan(0);
    expect(firstSeen.map((r) => r.id)).toEqual(nonRoutine);
    const batches = store.writer.sqlite.prepare('SELECT COUNT(*) AS n FROM batches').get() as { n: number };
    expect(batches.n).toBe(sandbox.truth().batches.filter((b) => b.date >= FROM).length);
    await store.close();
  });
});
