import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SandboxServer } from '../../../electron/sandbox';
import { sandboxAndFolder } from '../../helpers/sandboxFolder';
import { keptStore, openKeptStore } from '../../helpers/storeRows';
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
    // A file on SQLite, a database of its own on PostgreSQL: a killed client's transaction is rolled back there.
    const kept = await keptStore(folder);
    onTestFinished(() => kept.drop());
    const db = kept.location;
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

    // The file itself is SQLite's own to check; PostgreSQL keeps its own files whole.
    if (kept.where.databasePath) {
      const check = new BetterSqlite3(kept.where.databasePath, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }

    const store = await openKeptStore(kept);
    try {
      const count = store.db.fn.countAll<number>();
      const duplicates = await store.db
        .selectFrom('transaction_changes')
        .select(['transaction_id', 'kind', count.as('n')])
        .groupBy(['transaction_id', 'kind', 'from_status', 'to_status', 'delta_cents'])
        .having(count, '>', 1)
        .execute();
      expect(duplicates).toEqual([]);

      const rows = await store.db
        .selectFrom('transactions')
        .select([
          'id',
          'status',
          'amount_cents as a',
          'amount_refunded_cents as r',
          'batch_id as b',
          'business_date as d',
        ])
        .orderBy('id')
        .execute();
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
      const firstStatus = await store.db
        .selectFrom('transactions')
        .select(['id', 'first_status as status'])
        .orderBy('id')
        .execute();
      expect(firstStatus).toEqual(truth.map((t) => ({ id: t.id, status: t.status })));
      const firstSeen = await store.db
        .selectFrom('transaction_changes')
        .select('transaction_id as id')
        .where('kind', '=', 'first_seen')
        .orderBy('transaction_id')
        .execute();
      const nonRoutine = truth.filter((t) => t.status !== 'Pending' && t.status !== 'Settled').map((t) => t.id);
      expect(nonRoutine.length).toBeGreaterThan(0);
      expect(firstSeen.map((r) => r.id)).toEqual(nonRoutine);
      const batches = await store.db.selectFrom('batches').select(count.as('n')).executeTakeFirstOrThrow();
      expect(Number(batches.n)).toBe(sandbox.truth().batches.filter((b) => b.date >= FROM).length);
    } finally {
      await store.close();
    }
  });
});
