/**
 * Precomputed verdicts (table batch_checks) and re-opening of signed-off batches whose batch or
 * transactions changed. The sync calls refreshBatchChecks() for the batches it touched; reads call
 * ensureChecksFresh() so a batch never shows a verdict older than its own row.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { formatMoney } from '../../../shared/money';
import type { Check, Verdict } from '../../../shared/domain';
import type { Database } from '../store/schema';
import { computeBatchChecks, type BatchCheckResult } from './checks';
import { latestReviews, reviewStateOf } from './reviewState';

/** Anything holding the store's kysely handle: the engine's Store, or a test's. */
export interface StoreLike {
  db: Kysely<Database>;
}

export interface RefreshOptions {
  /** ISO-8601 UTC; defaults to now. */
  at?: string;
  /** Shown on a re-opened batch, before the specifics (e.g. "Changed in the sync of 2026-03-08"). */
  reason?: string;
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
const CHUNK = 50;

/**
 * Recomputes the checks of these batches, stores the verdicts, and re-opens every signed-off one whose
 * state changed since its sign-off. Unknown ids are ignored. Call it at the end of each sync with the
 * batches whose batch row, transactions or GL rows the sync wrote.
 */
export async function refreshBatchChecks(
  store: StoreLike,
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
    await store.db.transaction().execute(async (trx) => {
      const deadline = performance.now() + SLICE_MS;
      const chunk = ids.slice(next, next + CHUNK);
      const batches = new Map(
        (await trx.selectFrom('batches').selectAll().where('id', 'in', chunk).execute()).map((b) => [b.id, b]),
      );
      const results: BatchCheckResult[] = [];
      for (const id of chunk) {
        next++;
        const batch = batches.get(id);
        if (!batch) continue;
        const result = await computeBatchChecks(trx, batch);
        await saveChecks(trx, result, at);
        results.push(result);
        if (performance.now() >= deadline) break;
      }
      refreshed += results.length;
      reopened.push(...(await reopenWhereChanged(trx, results, at, options.reason)));
    });
  }
  return { refreshed, reopened };
}

/**
 * Re-opens the signed-off batches among `batchIds` whose batch or transactions changed since their
 * sign-off, with `reason` shown first. Refreshes their checks first. Returns the re-opened ids.
 */
export async function reopenChangedBatches(
  store: StoreLike,
  batchIds: Iterable<string>,
  reason: string,
  at?: string,
): Promise<string[]> {
  return (await refreshBatchChecks(store, batchIds, { reason, at })).reopened;
}

/** Computes checks for batches that have none yet or whose batch row changed after them. */
export async function ensureChecksFresh(store: StoreLike, at?: string): Promise<number> {
  const stale = await store.db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .select('b.id')
    .where((eb) => eb.or([eb('c.batch_id', 'is', null), eb('c.computed_at', '<', eb.ref('b.updated_at'))]))
    .execute();
  if (stale.length === 0) return 0;
  return (
    await refreshBatchChecks(
      store,
      stale.map((row) => row.id),
      { at, reason: 'Found changed when opened' },
    )
  ).refreshed;
}

export interface StoredChecks {
  verdict: Verdict;
  differenceCents: number;
  checks: Check[];
  fingerprint: string;
}

async function saveChecks(db: Kysely<Database>, result: BatchCheckResult, at: string): Promise<void> {
  const values = {
    verdict: result.verdict,
    difference_cents: result.differenceCents,
    checks: JSON.stringify(result.checks),
    fingerprint: result.fingerprint,
    computed_at: at,
  };
  await db
    .insertInto('batch_checks')
    .values({ batch_id: result.batchId, ...values })
    .onConflict((oc) => oc.column('batch_id').doUpdateSet(values))
    .execute();
}

async function reopenWhereChanged(
  db: Kysely<Database>,
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
    const batch = await db.selectFrom('batches').selectAll().where('id', '=', result.batchId).executeTakeFirstOrThrow();
    const specifics = await describeChange(db, review, batch, result);
    await db
      .insertInto('batch_reviews')
      .values({
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
      })
      .execute();
    reopened.push(result.batchId);
  }
  return reopened;
}

/** Why a signed-off batch is re-opened, in words: what the service changed, or which transactions. */
async function describeChange(
  db: Kysely<Database>,
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
  const changes = await db
    .selectFrom('transaction_changes as c')
    .innerJoin('transactions as t', 't.id', 'c.transaction_id')
    .select(['c.transaction_id', 'c.kind'])
    .where('t.batch_id', '=', batch.id)
    .where('c.seen_at', '>', signed.at)
    .orderBy('c.id')
    .limit(20)
    .execute();
  if (changes.length > 0) {
    parts.push(
      `transactions changed: ${changes.map((c) => `${c.transaction_id} ${c.kind.replace(/_/g, ' ')}`).join(', ')}`,
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
