/**
 * Issue 25: a convenience fee under $1.00 (3.35% of a $20 lunch deposit is $0.67) stopped every sync,
 * refusing the whole page. DESIGN.md §4 "Intake rule": what the service reports is stored as sent, what
 * breaks its input rule is flagged as an anomaly (Needs you, Changes, `check`), the page never fails.
 * Runs on both dialects (the node-postgres project runs test/engine/sync/).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PERCENT_FEES } from '../../../electron/sandbox';
import type { Transaction } from '../../../shared/domain';
import { runCliInProcess } from '../../cli/run';
import { createMigratedTestDatabase, ENGINE_DIALECT } from '../../helpers/postgres';
import { SMALL_SCENARIO, startHarness, storedTransactions, truthTransactions, type Harness } from './harness';

const FROM = '2026-02-20';
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The test's own reading of the spec's 1.00 to 100,000.00 rule, for the fields this scenario breaks. */
function feeUnderOneDollar(t: Transaction): boolean {
  return t.convenienceFeeCents > 0 && t.convenienceFeeCents < 100;
}

let h: Harness | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await h?.close();
  h = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database that outlives the harness, for the CLI to open after the engine closed it. */
async function ownDatabase(): Promise<{ engine: { databasePath: string } | { databaseUrl: string }; args: string[] }> {
  const folder = mkdtempSync(join(tmpdir(), 'recon-percent-fees-'));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  if (ENGINE_DIALECT === 'sqlite') {
    const file = join(folder, 'district-recon.sqlite');
    return { engine: { databasePath: file }, args: ['--db', file] };
  }
  const database = await createMigratedTestDatabase();
  cleanups.push(database.drop);
  return { engine: { databaseUrl: database.url }, args: ['--database', database.url] };
}

describe('a service whose fees are 3.35% of small payments', () => {
  it('syncs in full, stores every fee as sent and flags each one under $1.00 once, in Needs you and in check', async () => {
    const database = await ownDatabase();
    h = await startHarness({
      sandbox: { scenario: { ...SMALL_SCENARIO, convenienceFee: PERCENT_FEES } },
      ...database.engine,
    });
    const run = await h.sync(FROM);
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');

    const truth = truthTransactions(h.sandbox, FROM);
    expect(await storedTransactions(h.engine)).toEqual(truth);
    const underOneDollar = truth.filter(feeUnderOneDollar);
    // The scenario does what it says: many small payments, and fees under $1.00 among them.
    expect(underOneDollar.length).toBeGreaterThan(20);
    const flagged = underOneDollar.map((t) => t.id).sort((a, b) => a - b);

    const anomalies = await h.engine.call('changes.list', { kinds: ['anomaly'], limit: 1000 });
    expect(anomalies.rows.map((c) => c.transactionId).sort((a, b) => a - b)).toEqual(flagged);
    const fees = new Map(truth.map((t) => [t.id, t.convenienceFeeCents]));
    for (const change of anomalies.rows)
      expect(change.detail).toBe(
        `convenience_fee ${dollars(fees.get(change.transactionId)!)} is under the 1.00 minimum of the service's input rule`,
      );
    const overview = await h.engine.call('overview.get', {});
    expect(overview.needsYou.attention.find((a) => a.kind === 'anomaly')?.count).toBe(flagged.length);

    // The nightly re-read of the same days flags nothing twice.
    const again = await h.sync();
    expect(again.status).toBe('succeeded');
    expect((await h.engine.call('changes.list', { kinds: ['anomaly'], limit: 1000 })).rows).toHaveLength(
      flagged.length,
    );

    const dates = truth.map((t) => t.businessDate).sort();
    const range = { from: dates[0]!, to: dates[dates.length - 1]! };
    const report = await h.engine.call('reconcile.outsideRule', range);
    expect(report.truncated).toBe(false);
    expect(report.transactions.map((t) => t.transactionId).sort((a, b) => a - b)).toEqual(flagged);

    await h.close();
    h = undefined;
    const check = await runCliInProcess(['check', '--from', range.from, '--to', range.to, ...database.args], tmpdir());
    expect(check.stderr).toBe('');
    expect(check.stdout).toContain(
      `Anomalies: transactions whose amounts break the service's input rule (stored as reported): ${flagged.length}`,
    );
    const lines = check.stdout.split('\n');
    for (const t of underOneDollar) {
      const line = lines.find((l) => l.split('\t')[1] === String(t.id));
      expect(line, `transaction ${t.id} listed`).toBeDefined();
      expect(line).toContain(`convenience_fee ${dollars(t.convenienceFeeCents)} is under the 1.00 minimum`);
    }
  }, 120_000);
});
