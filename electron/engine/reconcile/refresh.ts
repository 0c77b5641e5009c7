/**
 * Precomputed verdicts (table batch_checks) and re-opening of signed-off batches whose batch or
 * transactions changed. Whatever changes data calls refreshBatchChecks() for the batches it touched
 * (the sync at the end of each run, sign-off and unsign for theirs); the engine calls
 * ensureChecksFresh() when it opens a store. Reads never refresh: they show what was stored.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ChangeKind } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import type { WritableDB } from '../store/work';
import { inWriteTransaction } from '../store/work';
import { batchesToCheck, clearBatchesToCheck, batchesByIds, batchesWithStaleChecks, saveChecks } from '../store/checks';
import { batchChangesSince } from '../store/transactions';
import { insertReview, latestReviews } from '../store/reviews';
import { reviewStateOf } from '../store/batches';
import { computeBatchChecks, type BatchCheckResult } from './checks';

export interface RefreshOptions {
  /** ISO-8601 UTC; defaults to now. */
  at?: string;
  /** Shown on a re-opened batch, before the specifics (e.g. "Changed in the sync of 2026-03-08"). */
  reason?: string;
  /** After each slice: thousands of batches take a while (opening a big store after an upgrade). */
  onProgress?(done: number, total: number): void;
}

export interface RefreshResult {
  refreshed: number;
  /** Batches that were signed off and are now re-opened. */
  reopened: string[];
}

/**
 * The queries are synchronous underneath (better-sqlite3), so a transaction of checks holds the
 * event loop (the desktop app's main process) for its whole length: each one checks batches for
 * about this long, then the loop gets a turn before the next. (A batch takes a few ms; after a
 * first sync there are thousands of them.)
 */
const SLICE_MS = 20;
/** Change kinds that are not a deposit's own facts (checks.ts): they never re-open it. */
export const NOT_OWN_FACTS: ChangeKind[] = [
  'refunded',
  'returned',
  'voided',
  'voided_after_settlement',
  'settled',
  'errored',
  'declined',
  'unknown',
  'resolved',
];
const CHUNK = 50;

/**
 * Recomputes the checks of these batches, stores the verdicts, and re-opens every signed-off one whose
 * state changed since its sign-off. Unknown ids are ignored. Call it at the end of each sync with the
 * batches whose batch row, transactions or GL rows the sync wrote.
 */
export async function refreshBatchChecks(
  writer: WritableDB,
  batchIds: Iterable<string>,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const at = options.at ?? new Date().toISOString();
  const ids = [...new Set(batchIds)];
  let refreshed = 0;
  const reopened: string[] = [];
  let next = 0;
  while (next < ids.length) {
    if (next > 0) await nextTurn();
    await inWriteTransaction(writer, async (trx) => {
      const deadline = performance.now() + SLICE_MS;
      const chunk = ids.slice(next, next + CHUNK);
      const batches = new Map((await batchesByIds(trx, chunk)).map((b) => [b.id, b]));
      const results: BatchCheckResult[] = [];
      for (const id of chunk) {
        next++;
        const batch = batches.get(id);
        if (!batch) continue;
        const result = await computeBatchChecks(trx, batch);
        await saveChecks(trx, {
          batch_id: result.batchId,
          verdict: result.verdict,
          difference_cents: result.differenceCents,
          checks: JSON.stringify(result.checks),
          fingerprint: result.fingerprint,
          computed_at: at,
        });
        results.push(result);
        if (performance.now() >= deadline) break;
      }
      refreshed += results.length;
      reopened.push(...(await reopenWhereChanged(trx, results, at, options.reason)));
    });
    options.onProgress?.(next, ids.length);
  }
  return { refreshed, reopened };
}

/**
 * Re-opens the signed-off batches among `batchIds` whose batch or transactions changed since their
 * sign-off, with `reason` shown first. Refreshes their checks first. Returns the re-opened ids.
 */
export async function reopenChangedBatches(
  writer: WritableDB,
  batchIds: Iterable<string>,
  reason: string,
  at?: string,
): Promise<string[]> {
  return (await refreshBatchChecks(writer, batchIds, { reason, at })).reopened;
}

/**
 * Computes checks for batches that have none yet, whose batch row changed after them, or that a run
 * cut short (killed, crashed) touched and never checked. Run where data may change: when the engine
 * opens a store.
 */
export async function ensureChecksFresh(
  writer: WritableDB,
  at?: string,
  onProgress?: RefreshOptions['onProgress'],
): Promise<number> {
  const interrupted = await batchesToCheck(writer);
  const stale = [...new Set([...(await batchesWithStaleChecks(writer)), ...interrupted])];
  if (stale.length === 0) return 0;
  const { refreshed } = await refreshBatchChecks(writer, stale, {
    at,
    reason: 'Changed since it was last checked',
    onProgress,
  });
  await clearBatchesToCheck(writer, interrupted);
  return refreshed;
}

async function reopenWhereChanged(
  db: WritableDB,
  results: readonly BatchCheckResult[],
  at: string,
  reason: string | undefined,
): Promise<string[]> {
  if (results.length === 0) return [];
  const latest = await latestReviews(
    db,
    results.map((r) => r.batchId),
  );
  const reopened: string[] = [];
  for (const result of results) {
    const review = latest.get(result.batchId);
    if (!review || reviewStateOf(review) !== 'signed_off' || review.fingerprint === result.fingerprint) continue;
    // A sign-off from before fingerprints existed cannot tell; it stays signed off.
    if (review.fingerprint === null) continue;
    const [batch] = await batchesByIds(db, [result.batchId]);
    if (!batch) continue;
    const specifics = await describeChange(db, review, batch, result);
    await insertReview(db, {
      batch_id: result.batchId,
      action: 'reopen',
      by: 'District Recon',
      at,
      note: reason ? `${reason}: ${specifics}` : specifics,
      total_cents: batch.total_cents,
      fees_cents: batch.fees_cents,
      partial_cents: batch.partial_cents,
      total_count: batch.total_count,
      fingerprint: result.fingerprint,
    });
    reopened.push(result.batchId);
  }
  return reopened;
}

/** Why a signed-off batch is re-opened, in words: what the service changed, or which transactions. */
async function describeChange(
  db: WritableDB,
  signed: {
    total_cents: number;
    fees_cents: number;
    partial_cents: number;
    total_count: number;
    at: string;
    fingerprint: string | null;
  },
  batch: { id: string; total_cents: number; fees_cents: number; partial_cents: number; total_count: number },
  result: BatchCheckResult,
): Promise<string> {
  const parts: string[] = [];
  const moneyField = (label: string, before: number, after: number) => {
    if (before !== after) parts.push(`${label} ${formatMoney(before)} → ${formatMoney(after)}`);
  };
  moneyField('the deposit total changed from', signed.total_cents, batch.total_cents);
  moneyField('the fees changed from', signed.fees_cents, batch.fees_cents);
  moneyField('the net deposit changed from', signed.partial_cents, batch.partial_cents);
  if (signed.total_count !== batch.total_count) {
    parts.push(`the transaction count changed from ${signed.total_count} to ${batch.total_count}`);
  }
  // Reversals and status moves are not the deposit's own facts (checks.ts): they never re-open it, so
  // naming them here would blame the wrong change.
  const changes = await batchChangesSince(db, batch.id, signed.at, 20, NOT_OWN_FACTS);
  if (changes.length > 0) {
    parts.push(
      `transactions changed: ${changes.map((c) => `${c.transaction_id} ${c.detail ?? c.kind.replace(/_/g, ' ')}`).join(', ')}`,
    );
  }
  if (parts.length === 0) {
    const before = signed.fingerprint
      ? (JSON.parse(signed.fingerprint) as Partial<BatchCheckResult['localTotals']>)
      : {};
    const now = result.localTotals;
    if (before.count !== undefined && before.count !== now.count)
      parts.push(`transactions held locally: ${before.count} → ${now.count}`);
    if (before.glRows !== undefined && before.glRows !== now.glRows)
      parts.push(`GL rows: ${before.glRows} → ${now.glRows}`);
    if (parts.length === 0) parts.push('its transactions or GL rows changed after sign-off');
  }
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
