import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Frozen. Issue 13: reversals reach the journal, and deposits tie out as batched.
 *
 * - export_reversals: which export posted which reversal (a transaction_changes row), so no refund is
 *   posted twice; export_receipts: ASCENDER's receipt numbers and what each posts (a batch or a change).
 *   Both are written in the transaction that marks their export done.
 * - Stored checks and sign-off fingerprints change meaning: the checks no longer subtract refunds,
 *   returns and voids, and the fingerprint holds only the deposit's own facts (no status, no
 *   amount_refunded). Every verdict is marked stale (the engine recomputes stale checks when it opens
 *   a store). The latest sign-off of each batch gets the new fingerprint when the deposit's own facts
 *   it recorded (counts and sums, batch totals, GL totals) are still the facts now; otherwise the old
 *   one stays, cannot match, and the batch re-opens as it would have under either meaning. Without
 *   this, every signed-off batch would re-open once for nothing but the new format.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE export_reversals (
      export_id INTEGER NOT NULL,
      change_id INTEGER NOT NULL,
      PRIMARY KEY (export_id, change_id)
    )`.execute(db);
  await sql`CREATE INDEX export_reversals_change ON export_reversals (change_id)`.execute(db);
  await sql`CREATE TABLE export_receipts (
      export_id INTEGER NOT NULL,
      receipt TEXT NOT NULL,
      kind TEXT NOT NULL,
      batch_id TEXT,
      change_id INTEGER,
      date TEXT NOT NULL,
      PRIMARY KEY (export_id, receipt)
    )`.execute(db);

  const batches = (
    await sql<BatchFacts>`SELECT id, total_cents, fees_cents, partial_cents, total_count FROM batches`.execute(db)
  ).rows;
  for (const batch of batches) {
    const fingerprint = await fingerprintOf(db, batch);
    await sql`UPDATE batch_checks SET fingerprint = ${fingerprint.text}, computed_at = '' WHERE batch_id = ${batch.id}`.execute(
      db,
    );
    const latest = (
      await sql<{ id: number; action: string; fingerprint: string | null }>`
        SELECT id, action, fingerprint FROM batch_reviews WHERE batch_id = ${batch.id} ORDER BY id DESC LIMIT 1`.execute(
        db,
      )
    ).rows[0];
    if (!latest || latest.action !== 'sign_off' || latest.fingerprint === null) continue;
    if (!sameOwnFacts(latest.fingerprint, fingerprint.facts)) continue;
    await sql`UPDATE batch_reviews SET fingerprint = ${fingerprint.text} WHERE id = ${latest.id}`.execute(db);
  }
}

interface BatchFacts {
  id: string;
  total_cents: number;
  fees_cents: number;
  partial_cents: number;
  total_count: number;
}

interface OwnFacts {
  count: number;
  amountCents: number;
  feesCents: number;
  glRows: number;
  glCents: number;
  glNetCents: number;
  batch: number[];
}

/** reconcile/checks.ts's fingerprint as of this migration (kept here so later changes there do not move it). */
async function fingerprintOf(db: Kysely<any>, batch: BatchFacts): Promise<{ text: string; facts: OwnFacts }> {
  const transactions = (
    await sql<{ id: number; amount_cents: number; convenience_fee_cents: number }>`
      SELECT id, amount_cents, convenience_fee_cents FROM transactions WHERE batch_id = ${batch.id} ORDER BY id`.execute(
      db,
    )
  ).rows;
  const gl = (
    await sql<{ rows: number; amount: number; net: number }>`
      SELECT count(*) AS rows, coalesce(sum(amount_cents), 0) AS amount, coalesce(sum(amount_without_fees_cents), 0) AS net
      FROM gl_batches WHERE batch_id = ${batch.id}`.execute(db)
  ).rows[0]!;
  const digest = createHash('sha1');
  let amountCents = 0;
  let feesCents = 0;
  for (const txn of transactions) {
    amountCents += txn.amount_cents;
    feesCents += txn.convenience_fee_cents;
    digest.update(`${txn.id}:${txn.amount_cents}:${txn.convenience_fee_cents};`);
  }
  const facts: OwnFacts = {
    count: transactions.length,
    amountCents,
    feesCents,
    glRows: Number(gl.rows),
    glCents: Number(gl.amount),
    glNetCents: Number(gl.net),
    batch: [batch.total_cents, batch.fees_cents, batch.partial_cents, batch.total_count],
  };
  const { batch: totals, ...local } = facts;
  const text = JSON.stringify({ ...local, batch: totals, transactions: digest.digest('hex') });
  return { text, facts };
}

function sameOwnFacts(stored: string, now: OwnFacts): boolean {
  let old: Partial<OwnFacts>;
  try {
    old = JSON.parse(stored) as Partial<OwnFacts>;
  } catch {
    return false;
  }
  const keys = ['count', 'amountCents', 'feesCents', 'glRows', 'glCents', 'glNetCents'] as const;
  return (
    keys.every((key) => old[key] === now[key]) &&
    Array.isArray(old.batch) &&
    old.batch.length === now.batch.length &&
    old.batch.every((value, index) => value === now.batch[index])
  );
}
