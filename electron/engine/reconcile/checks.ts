/**
 * The tie-out checks of DESIGN.md §6 for one batch. Our reading of the spec: a transaction's `amount`
 * is the whole authorised amount (fee, tax and shipping are parts of it), so per batch
 *   count = total_count, sum(amount) = total_amount, sum(convenience_fee) = fees_amount,
 *   total - fees = partial_amount, and against the GL rows sum(amount) = total_amount,
 *   sum(amount_without_fees) = partial_amount.
 * The checks compare the batch with its transactions **as batched** (DESIGN.md §6, issue 13): a deposit
 * is an event, it arrived in full. A refund, ACH return or settled void later is a new movement of
 * money, posted as a reversal in the journal of its own period (reconcile/reversals.ts); it neither
 * makes the deposit differ nor re-opens its sign-off. By the spec a refund is only possible after funds
 * settle, and settlement is the midnight batching, so every reversal of a batched transaction happened
 * after batching and the service's frozen batch totals still hold the full amount.
 *
 * A deposit is one school's (payee's) money: a transaction of the batch that the service now says is
 * another school's is not counted as this deposit's (issue 26): the deposit differs by it, named.
 *
 * The fingerprint holds the deposit's own facts only: which transactions, their amounts, fees and
 * school, the batch's and its GL lines' totals. Status and amount_refunded are left out on purpose, so a reversal
 * does not re-open a sign-off (migration 008 rewrote the fingerprints stored under the old meaning).
 */
import { createHash } from 'node:crypto';
import type { Check, CheckName, Explanation, TransactionStatus, Verdict } from '../../../shared/domain';
import { addDays } from '../../../shared/time';
import type { ReadableDB } from '../store/work';
import type { BatchRow } from '../store/schema';
import { glTotalsOfBatch, transactionsOfBatch, unbatchedLike, type BatchTransactionRow } from '../store/checks';

/** Statuses that mean the money moved; only these belong in a formed batch. */
const BATCHABLE_STATUSES: readonly TransactionStatus[] = ['Settled', 'Refunded', 'Returned'];
/** Settled, then voided: it was batched settled, so it belongs in its batch as batched. */
const BATCHED_THEN_VOIDED = 'Voided';
/** How far before the batch date an unbatched transaction may be the one missing from it. */
const MISSING_LOOKBACK_DAYS = 7;
const MAX_EXPLANATIONS = 100;

export interface BatchCheckResult {
  batchId: string;
  verdict: Verdict;
  /** Sum of |difference| over the failed money checks. */
  differenceCents: number;
  checks: Check[];
  /** The local state the checks saw; a sign-off records it, a change of it re-opens the batch. */
  fingerprint: string;
  /** Words for a person: what the fingerprint holds, to explain a re-open. */
  localTotals: LocalTotals;
}

export interface LocalTotals {
  count: number;
  amountCents: number;
  feesCents: number;
  glRows: number;
  glCents: number;
  glNetCents: number;
}

type BatchTransaction = BatchTransactionRow;

export async function computeBatchChecks(db: ReadableDB, batch: BatchRow): Promise<BatchCheckResult> {
  const batched: BatchTransaction[] = await transactionsOfBatch(db, batch.id);
  const transactions = batched.filter((txn) => txn.payee_id === batch.payee_id);
  const otherSchools = batched
    .filter((txn) => txn.payee_id !== batch.payee_id)
    .map((txn) => ({
      kind: 'other_payee' as const,
      transactionId: txn.id,
      cents: txn.amount_cents,
      fee: txn.convenience_fee_cents,
    }));
  const gl = await glTotalsOfBatch(db, batch.id);

  let amountCents = 0;
  let feesCents = 0;
  const unexpected: Array<Explanation & { fee: number }> = [];
  const digest = createHash('sha1');
  for (const txn of transactions) {
    amountCents += txn.amount_cents;
    feesCents += txn.convenience_fee_cents;
    // The deposit's own facts only: see the file comment (fingerprintOf in migration 008 must agree for a
    // deposit whose transactions are all its school's; one moved away changes the count and totals).
    digest.update(`${txn.id}:${txn.amount_cents}:${txn.convenience_fee_cents};`);
    if (!BATCHABLE_STATUSES.includes(txn.status) && txn.status !== BATCHED_THEN_VOIDED) {
      unexpected.push({
        kind: 'unexpected',
        transactionId: txn.id,
        cents: txn.amount_cents,
        fee: txn.convenience_fee_cents,
      });
    }
  }
  const count = transactions.length;
  const countGap = batch.total_count - count;
  // A transaction moved to another school is what the deposit now lacks; it explains the gap first.
  const missing = countGap > 0 ? [...otherSchools, ...(await missingCandidates(db, batch))] : otherSchools;
  // Only a surplus makes a non-batchable status the explanation; otherwise it is just odd.
  const extras = countGap < 0 ? unexpected : [];

  const localTotal = amountCents;
  const transactionsSynced = count > 0 || batch.total_count === 0;
  const glSynced = gl.rows > 0;

  const moneyExplanations = (pick: (e: { cents: number; fee: number }) => number): Explanation[] => [
    ...missing.map((m) => ({ kind: m.kind, transactionId: m.transactionId, cents: -pick(m) })),
    ...extras.map((u) => ({ kind: u.kind, transactionId: u.transactionId, cents: pick(u) })),
  ];
  const whole = (e: { cents: number }) => e.cents;
  const fee = (e: { fee: number }) => e.fee;
  const net = (e: { cents: number; fee: number }) => e.cents - e.fee;

  const checks: Check[] = [
    check('count', batch.total_count, count, [
      ...missing.map(({ kind, transactionId, cents }) => ({ kind, transactionId, cents })),
      ...extras.map(({ kind, transactionId, cents }) => ({ kind, transactionId, cents })),
    ]),
    check('total', batch.total_cents, localTotal, moneyExplanations(whole)),
    check('fees', batch.fees_cents, feesCents, moneyExplanations(fee)),
    check('net', batch.partial_cents, localTotal - feesCents, moneyExplanations(net)),
    check('gl_total', batch.total_cents, Number(gl.amount), []),
    check('gl_net', batch.partial_cents, Number(gl.net), []),
  ];
  const sideSynced = (name: CheckName) => (name.startsWith('gl_') ? glSynced : transactionsSynced);
  const failed = checks.filter((c) => !c.passed);
  const verdict: Verdict = failed.some((c) => sideSynced(c.name))
    ? 'differs'
    : failed.length > 0 || !glSynced || !transactionsSynced
      ? 'incomplete'
      : 'ties_out';
  // "Off by": the largest money difference among the failed checks. Not their sum: a deposit $25 short
  // fails total, net and both GL checks by $25 each, and is off by $25, not $100. The count check
  // is a number of transactions, not cents.
  const differenceCents = failed
    .filter((c) => c.name !== 'count')
    .reduce((most, c) => Math.max(most, Math.abs(c.differenceCents)), 0);

  const localTotals: LocalTotals = {
    count,
    amountCents,
    feesCents,
    glRows: Number(gl.rows),
    glCents: Number(gl.amount),
    glNetCents: Number(gl.net),
  };
  const fingerprint = JSON.stringify({
    ...localTotals,
    batch: [batch.total_cents, batch.fees_cents, batch.partial_cents, batch.total_count],
    transactions: digest.digest('hex'),
  });
  return { batchId: batch.id, verdict, differenceCents, checks, fingerprint, localTotals };
}

function check(name: CheckName, expectedCents: number, actualCents: number, explanations: Explanation[]): Check {
  const differenceCents = actualCents - expectedCents;
  const passed = differenceCents === 0;
  return {
    name,
    passed,
    expectedCents,
    actualCents,
    differenceCents,
    explanations: passed ? [] : explanations.slice(0, MAX_EXPLANATIONS),
  };
}

/**
 * The batch says more than we hold: settled transactions of the same payee and method, from the days
 * up to the batch date, that carry no batch (the service did not report them in it, or not yet).
 */
async function missingCandidates(db: ReadableDB, batch: BatchRow) {
  const rows = await unbatchedLike(
    db,
    batch,
    addDays(batch.date, -MISSING_LOOKBACK_DAYS),
    BATCHABLE_STATUSES,
    MAX_EXPLANATIONS,
  );
  return rows.map((row) => ({
    kind: 'missing' as const,
    transactionId: row.id,
    cents: row.amount_cents,
    fee: row.convenience_fee_cents,
  }));
}
