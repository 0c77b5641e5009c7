import { describe, expect, it } from 'vitest';
import { computeBatchChecks } from '../../../../electron/engine/reconcile/checks';
import { ensureChecksFresh } from '../../../../electron/engine/reconcile';
import { sqliteHandles } from '../../../../electron/engine/store/work';
import { migrate } from '../../../../electron/engine/store/dialect';
import { MIGRATIONS } from '../../../../electron/engine/store/migrations';
import { migrationUnderTest } from '../../../helpers/migrationDb';

const beforeIt = migrationUnderTest('008_reversals');

/** The fingerprint as reconcile/checks.ts wrote it before issue 13: status and refunds included. */
function oldFingerprint(local: Record<string, number>, batch: number[]): string {
  return JSON.stringify({ ...local, batch, transactions: 'old-digest-with-status-and-refunds' });
}

/** The local side of an old fingerprint for a deposit of one sale of `cents` with one GL row of the same. */
function oneSaleLocal(cents: number, reversedCents: number): Record<string, number> {
  return { count: 1, amountCents: cents, reversedCents, feesCents: 0, glRows: 1, glCents: cents, glNetCents: cents };
}

describe('migration 008_reversals', () => {
  it('keeps a signed-off deposit signed off when only a refund moved; one whose own facts moved re-opens', async () => {
    const { sqlite, db } = await beforeIt();
    sqlite.exec(
      `INSERT INTO payees (id, name, merchant_id, removed, raw, updated_at) VALUES (1, 'P', 'M', 0, '{}', 'x')`,
    );
    const batch = sqlite.prepare(
      `INSERT INTO batches (id, payee_id, date, payment_method, total_cents, fees_cents, partial_cents, total_count, raw, first_seen_at, updated_at)
       VALUES (?, 1, '2026-03-02', 'CC', ?, 0, ?, 1, '{}', 'x', '2026-03-02T06:00:00.000Z')`,
    );
    const txn = sqlite.prepare(
      `INSERT INTO transactions (id, payee_id, payment_method, status, amount_cents, amount_refunded_cents, batch_id, business_date, raw, first_seen_at, updated_at)
       VALUES (?, 1, 'CC', ?, ?, ?, ?, '2026-03-01', '{}', 'x', 'x')`,
    );
    const gl = sqlite.prepare(
      `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, amount_cents, amount_without_fees_cents, count, raw, synced_at)
       VALUES (?, '2026-03-02', ?, 1, ?, ?, 1, '{}', 'x')`,
    );
    const check = sqlite.prepare(
      `INSERT INTO batch_checks (batch_id, verdict, difference_cents, checks, fingerprint, computed_at) VALUES (?, ?, ?, '[]', ?, '2026-03-05T00:00:00.000Z')`,
    );
    const review = sqlite.prepare(
      `INSERT INTO batch_reviews (batch_id, action, by, at, note, total_cents, fees_cents, partial_cents, total_count, fingerprint)
       VALUES (?, 'sign_off', 'Dana', '2026-03-03T00:00:00.000Z', NULL, ?, 0, ?, 1, ?)`,
    );
    // A: signed off at $50.00, refunded $20.00 since (the old checks said it differs by $20.00).
    batch.run('A', 5000, 5000);
    txn.run(1, 'Settled', 5000, 2000, 'A');
    gl.run('A-1', 'A', 5000, 5000);
    const aLocal = oneSaleLocal(5000, 2000);
    check.run('A', 'differs', 2000, oldFingerprint(aLocal, [5000, 0, 5000, 1]));
    review.run('A', 5000, 5000, oldFingerprint({ ...aLocal, reversedCents: 0 }, [5000, 0, 5000, 1]));
    // B: signed off at $30.00; the transaction's amount is $25.00 now, one of the deposit's own facts.
    batch.run('B', 3000, 3000);
    txn.run(2, 'Settled', 2500, 0, 'B');
    gl.run('B-1', 'B', 3000, 3000);
    const bSigned = oneSaleLocal(3000, 0);
    check.run('B', 'ties_out', 0, oldFingerprint(bSigned, [3000, 0, 3000, 1]));
    review.run('B', 3000, 3000, oldFingerprint(bSigned, [3000, 0, 3000, 1]));

    await migrate(db);

    expect(sqlite.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const { writer } = sqliteHandles({ db, sqlite });
    // The fingerprint the live checks compute is the one the migration wrote for A.
    const a = await computeBatchChecks(
      writer,
      await db.selectFrom('batches').selectAll().where('id', '=', 'A').executeTakeFirstOrThrow(),
    );
    const signedA = sqlite.prepare(`SELECT fingerprint FROM batch_reviews WHERE batch_id = 'A'`).get() as {
      fingerprint: string;
    };
    expect(signedA.fingerprint).toBe(a.fingerprint);
    // Every stored verdict is stale, so opening the store recomputes them all under the new meaning.
    expect(sqlite.prepare(`SELECT DISTINCT computed_at FROM batch_checks`).all()).toEqual([{ computed_at: '' }]);
    expect(await ensureChecksFresh(writer, '2026-03-06T00:00:00.000Z')).toBe(2);
    const verdicts = sqlite.prepare(`SELECT batch_id, verdict FROM batch_checks ORDER BY batch_id`).all();
    expect(verdicts).toEqual([
      { batch_id: 'A', verdict: 'ties_out' },
      { batch_id: 'B', verdict: 'differs' },
    ]);
    const latest = sqlite
      .prepare(
        `SELECT batch_id, action FROM batch_reviews r WHERE id = (SELECT max(id) FROM batch_reviews WHERE batch_id = r.batch_id) ORDER BY batch_id`,
      )
      .all();
    expect(latest).toEqual([
      { batch_id: 'A', action: 'sign_off' },
      { batch_id: 'B', action: 'reopen' },
    ]);
    // The registry tables exist, empty.
    expect(sqlite.prepare('SELECT count(*) AS n FROM export_reversals').get()).toEqual({ n: 0 });
    expect(sqlite.prepare('SELECT count(*) AS n FROM export_receipts').get()).toEqual({ n: 0 });
  });
});
