/**
 * Discrepancies injected into the real sandbox, brought in by a real sync over HTTP, reported by the
 * tie-out with the right difference and the right transaction ids (issue 5). The hand-built fixtures
 * in checks.test.ts cover the edge cases; this is the end-to-end path.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncRunSummary } from '../../../shared/contract';
import type { Batch, Transaction } from '../../../shared/domain';
import { startHarness, type Harness } from '../sync/harness';

/** A sync through the contract, as the renderer starts one: sync.start, then the sync.finished event. */
async function syncNow(h: Harness): Promise<SyncRunSummary> {
  const finished = new Promise<SyncRunSummary>((resolve) => h.engine.on('sync.finished', resolve));
  await h.engine.call('sync.start', {});
  const summary = await finished;
  expect(summary.status).toBe('succeeded');
  return summary;
}

interface Picked {
  batch: Batch;
  transactions: Transaction[];
}

/** Batches of the synced range with at least two settled, unrefunded CC transactions, largest first. */
function candidateBatches(h: Harness): Picked[] {
  const truth = h.sandbox.truth();
  const byBatch = new Map<string, Transaction[]>();
  for (const txn of truth.transactions) {
    if (txn.batchId === null) continue;
    byBatch.set(txn.batchId, [...(byBatch.get(txn.batchId) ?? []), txn]);
  }
  return truth.batches
    .map((batch) => ({ batch, transactions: byBatch.get(batch.id) ?? [] }))
    .filter(
      ({ batch, transactions }) =>
        batch.paymentMethod === 'CC' &&
        transactions.length >= 2 &&
        transactions.length === batch.totalCount &&
        transactions.every((t) => t.status === 'Settled' && t.amountRefundedCents === 0),
    )
    .sort((a, b) => b.transactions.length - a.transactions.length);
}

/** The failed checks of a batch as name → [difference, explanations], after batches.get. */
async function failedChecks(h: Harness, id: string) {
  const detail = await h.engine.call('batches.get', { id });
  const failed = Object.fromEntries(
    detail.checks
      .filter((c) => !c.passed)
      .map((c) => [c.name, { difference: c.differenceCents, explanations: c.explanations }]),
  );
  return { detail, failed };
}

async function listed(h: Harness, batch: Batch) {
  const page = await h.engine.call('batches.list', { filter: { from: batch.date, to: batch.date }, limit: 100 });
  const row = page.rows.find((r) => r.id === batch.id);
  if (!row) throw new Error(`batch ${batch.id} is not listed`);
  return row;
}

describe('tie-out of discrepancies injected into the sandbox, after a real sync', () => {
  let h: Harness;
  let picked: Picked[];

  beforeEach(async () => {
    h = await startHarness();
    picked = candidateBatches(h);
    if (picked.length < 3) throw new Error('the scenario has too few clean CC batches to pick from');
  });
  afterEach(async () => {
    await h.close();
  });

  // Issue 13 changed the meaning: a refund after batching used to make its deposit differ
  // ('refunded_after_batching'); the deposit ties out as batched now and the refund is a reversal,
  // shown "after the deposit" and posted in the journal of the day it was seen.
  it('a refund after batching leaves its deposit tying out and shows as a reversal after it; a clean batch ties out', async () => {
    const [target, clean] = picked as [Picked, Picked];
    const txn = target.transactions[1]!;
    // A partial refund, so the reversal is not simply the transaction's amount.
    const cents = Math.floor(txn.amountCents / 2);
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: txn.id, cents });
    await syncNow(h);

    const { detail, failed } = await failedChecks(h, target.batch.id);
    expect(failed).toEqual({});
    expect(detail.batch).toMatchObject({ verdict: 'ties_out', differenceCents: 0 });
    expect(detail.transactions.find((t) => t.id === txn.id)?.amountRefundedCents).toBe(cents);
    expect(detail.reversals.map((r) => [r.transactionId, r.kind, r.amountCents])).toEqual([[txn.id, 'refund', cents]]);
    expect(detail.reversals[0]!.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(cents);

    const tied = await failedChecks(h, clean.batch.id);
    expect(tied.failed).toEqual({});
    expect(tied.detail.batch).toMatchObject({
      verdict: 'ties_out',
      differenceCents: 0,
      totalCents: clean.batch.totalCents,
    });
    expect(tied.detail.transactions).toHaveLength(clean.batch.totalCount);
    expect((await listed(h, clean.batch)).verdict).toBe('ties_out');
  });

  it('reports a transaction missing from its batch with its amount, fee and id', async () => {
    const [target] = picked as [Picked];
    const txn = target.transactions.find((t) => t.convenienceFeeCents > 0) ?? target.transactions[0]!;
    h.sandbox.injectDiscrepancy({ kind: 'hide_transaction_from_batch', transactionId: txn.id });
    // The service also stops saying which batch the transaction is in: nothing it serves links the
    // two, though the batch's totals and GL rows still count it.
    const record = h.sandbox.state.transactions.find((t) => t.id === txn.id)!;
    record.batchId = null;
    await syncNow(h);

    const { detail, failed } = await failedChecks(h, target.batch.id);
    const missing = (cents: number) => [{ kind: 'missing', transactionId: txn.id, cents }];
    const fee = txn.convenienceFeeCents;
    expect(failed).toEqual({
      count: { difference: -1, explanations: missing(txn.amountCents) },
      total: { difference: -txn.amountCents, explanations: missing(-txn.amountCents) },
      ...(fee ? { fees: { difference: -fee, explanations: missing(-fee) } } : {}),
      net: { difference: -(txn.amountCents - fee), explanations: missing(-(txn.amountCents - fee)) },
    });
    expect(detail.batch).toMatchObject({ verdict: 'differs', differenceCents: txn.amountCents });
    expect(detail.transactions.map((t) => t.id)).not.toContain(txn.id);
    expect(detail.transactions).toHaveLength(target.batch.totalCount - 1);
  });

  it('ties out a batch whose listing hides a transaction that still names the batch (the sync reads it by day)', async () => {
    const [target] = picked as [Picked];
    const txn = target.transactions[0]!;
    h.sandbox.injectDiscrepancy({ kind: 'hide_transaction_from_batch', transactionId: txn.id });
    await syncNow(h);

    const { detail, failed } = await failedChecks(h, target.batch.id);
    expect(failed).toEqual({});
    expect(detail.batch.verdict).toBe('ties_out');
    expect(detail.transactions.map((t) => t.id)).toContain(txn.id);
  });

  // The list's verdict and the re-open come from the sync alone: it re-checks every batch it touched.
  // Issue 13: a refund keeps the sign-off (the deposit's own facts did not change); an amount the
  // service changed after batching re-opens it.
  it('keeps a signed-off batch signed off through a refund, and re-opens it when an amount changes', async () => {
    const [target] = picked as [Picked];
    const [txn, other] = target.transactions as [Transaction, Transaction];
    await syncNow(h);
    expect((await listed(h, target.batch)).verdict).toBe('ties_out');
    await h.engine.call('batches.signOff', { id: target.batch.id, note: 'Matches the bank statement' });

    h.sandbox.advanceDays(1);
    h.sandbox.injectDiscrepancy({ kind: 'refund_after_batching', transactionId: txn.id });
    await syncNow(h);
    expect(await listed(h, target.batch)).toMatchObject({ verdict: 'ties_out', reviewState: 'signed_off' });
    const detail = await h.engine.call('batches.get', { id: target.batch.id });
    expect(detail.reversals.map((r) => [r.transactionId, r.kind, r.amountCents])).toEqual([
      [txn.id, 'refund', txn.amountCents],
    ]);

    h.sandbox.injectDiscrepancy({
      kind: 'change_transaction_amount',
      transactionId: other.id,
      cents: other.amountCents - 100,
    });
    await syncNow(h);
    const row = await listed(h, target.batch);
    expect(row).toMatchObject({ verdict: 'differs', differenceCents: 100, reviewState: 'reopened' });
    expect(row.reopenReason).toContain(`${other.id} amount`);
    expect(row.reopenReason).not.toContain('refunded');
    expect(row.reopenReason).toMatch(/^Changed in the sync of \d{4}-\d{2}-\d{2}/);
  });
});
