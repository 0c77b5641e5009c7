/** Batches for the renderer: a keyset-paged list with verdicts, one batch's detail, sign-off and unsign. */
import type { Kysely } from 'kysely';
import { ContractError, type BatchFilter, type Page } from '../../../shared/contract';
import type { BatchDetail, BatchSummary, Check, Verdict } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import type { BatchRow, BatchReviewRow, Database } from '../store/schema';
import { ensureChecksFresh, refreshBatchChecks, type StoreLike } from './refresh';
import { latestReviews, reviewStateOf } from './reviewState';
import { toBatch, toGlBatch, toSignOff, toTransaction } from './rows';

interface ListedRow extends BatchRow {
  payee_name: string | null;
  verdict: string | null;
  difference_cents: number | null;
  fingerprint: string | null;
}

/** Newest first: (date desc, id desc). The cursor is the last row's key, opaque to the renderer. */
export async function listBatches(
  store: StoreLike,
  filter: BatchFilter,
  cursor: string | null | undefined,
  limit: number,
  at: string,
): Promise<Page<BatchSummary>> {
  await ensureChecksFresh(store, at);
  const after = cursor ? decodeCursor(cursor) : null;
  let query = store.db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .selectAll('b')
    .select(['p.name as payee_name', 'c.verdict', 'c.difference_cents', 'c.fingerprint']);
  if (filter.payeeIds?.length) query = query.where('b.payee_id', 'in', filter.payeeIds);
  if (filter.methods?.length) query = query.where('b.payment_method', 'in', filter.methods);
  if (filter.from) query = query.where('b.date', '>=', filter.from);
  if (filter.to) query = query.where('b.date', '<=', filter.to);
  if (filter.verdicts?.length) query = query.where('c.verdict', 'in', filter.verdicts);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('b.date', '<', after.date), eb.and([eb('b.date', '=', after.date), eb('b.id', '<', after.id)])]),
    );
  }
  const rows = (await query
    .orderBy('b.date', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit + 1)
    .execute()) as ListedRow[];
  const page = rows.slice(0, limit);
  const reviews = await reviewsDetectingChanges(store, page, at);
  const last = page[page.length - 1];
  return {
    rows: page.map((row) => summaryOf(row, row.payee_name, row.verdict, row.difference_cents, reviews.get(row.id))),
    nextCursor: rows.length > limit && last ? encodeCursor(last.date, last.id) : null,
  };
}

export async function getBatchDetail(store: StoreLike, id: string, at: string): Promise<BatchDetail> {
  await requireBatch(store.db, id);
  // Computed live: a detail view must never show a verdict older than the rows beneath it.
  await refreshBatchChecks(store, [id], { at, reason: 'Found changed when opened' });
  const batch = await requireBatch(store.db, id);
  const [checkRow, payee, transactions, glRows, history] = await Promise.all([
    store.db.selectFrom('batch_checks').selectAll().where('batch_id', '=', id).executeTakeFirstOrThrow(),
    store.db.selectFrom('payees').select('name').where('id', '=', batch.payee_id).executeTakeFirst(),
    store.db.selectFrom('transactions').selectAll().where('batch_id', '=', id).orderBy('id').execute(),
    store.db
      .selectFrom('gl_batches')
      .selectAll()
      .where('batch_id', '=', id)
      .orderBy('gl_number')
      .orderBy('id')
      .execute(),
    store.db.selectFrom('batch_reviews').selectAll().where('batch_id', '=', id).orderBy('id').execute(),
  ]);
  return {
    batch: summaryOf(
      batch,
      payee?.name ?? null,
      checkRow.verdict,
      checkRow.difference_cents,
      history[history.length - 1],
    ),
    checks: JSON.parse(checkRow.checks) as Check[],
    transactions: transactions.map(toTransaction),
    glBatches: glRows.map(toGlBatch),
    history: history.map(toSignOff),
  };
}

export interface SignOffArgs {
  id: string;
  note: string;
  by: string;
}

export async function signOffBatch(store: StoreLike, args: SignOffArgs, at: string): Promise<BatchDetail> {
  const detail = await getBatchDetail(store, args.id, at);
  const { batch } = detail;
  if (batch.reviewState === 'signed_off') {
    const last = detail.history[detail.history.length - 1];
    throw new ContractError(
      'CONFLICT',
      `Batch ${args.id} is already signed off${last ? ` by ${last.by} at ${last.at}` : ''}. Unsign it first to sign it again.`,
    );
  }
  if (batch.verdict !== 'ties_out' && args.note.trim() === '') {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Batch ${args.id} does not tie out (${verdictWords(batch.verdict)}, ${formatMoney(batch.differenceCents)} off). Add a note saying why it can be signed off anyway.`,
    );
  }
  const checks = await store.db
    .selectFrom('batch_checks')
    .select('fingerprint')
    .where('batch_id', '=', args.id)
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto('batch_reviews')
    .values({
      batch_id: args.id,
      action: 'sign_off',
      by: args.by,
      at,
      note: args.note.trim() || null,
      total_cents: batch.totalCents,
      fees_cents: batch.feesCents,
      partial_cents: batch.partialCents,
      total_count: batch.totalCount,
      fingerprint: checks.fingerprint,
    })
    .execute();
  return getBatchDetail(store, args.id, at);
}

export async function unsignBatch(
  store: StoreLike,
  args: { id: string; reason: string; by: string },
  at: string,
): Promise<BatchDetail> {
  const detail = await getBatchDetail(store, args.id, at);
  if (detail.batch.reviewState === 'open') {
    throw new ContractError('CONFLICT', `Batch ${args.id} is not signed off, so there is nothing to unsign.`);
  }
  const { batch } = detail;
  await store.db
    .insertInto('batch_reviews')
    .values({
      batch_id: args.id,
      action: 'unsign',
      by: args.by,
      at,
      note: args.reason.trim(),
      total_cents: batch.totalCents,
      fees_cents: batch.feesCents,
      partial_cents: batch.partialCents,
      total_count: batch.totalCount,
      fingerprint: null,
    })
    .execute();
  return getBatchDetail(store, args.id, at);
}

export function summaryOf(
  row: BatchRow,
  payeeName: string | null,
  verdict: string | null,
  differenceCents: number | null,
  latest: BatchReviewRow | undefined,
): BatchSummary {
  const reviewState = reviewStateOf(latest);
  return {
    ...toBatch(row),
    payeeName,
    verdict: (verdict ?? 'incomplete') as Verdict,
    differenceCents: differenceCents ?? 0,
    reviewState,
    reopenReason: reviewState === 'reopened' ? (latest?.note ?? null) : null,
  };
}

/** Latest reviews of a page, re-opening (on read) signed-off batches whose checks moved since. */
async function reviewsDetectingChanges(store: StoreLike, page: readonly ListedRow[], at: string) {
  const ids = page.map((row) => row.id);
  const reviews = await latestReviews(store.db, ids);
  const changed = page.filter((row) => {
    const review = reviews.get(row.id);
    if (review?.action !== 'sign_off') return false;
    const totalsMoved =
      review.total_cents !== row.total_cents ||
      review.fees_cents !== row.fees_cents ||
      review.partial_cents !== row.partial_cents ||
      review.total_count !== row.total_count;
    return totalsMoved || (review.fingerprint !== null && review.fingerprint !== row.fingerprint);
  });
  if (changed.length === 0) return reviews;
  await refreshBatchChecks(
    store,
    changed.map((row) => row.id),
    { at, reason: 'Found changed when opened' },
  );
  return latestReviews(store.db, ids);
}

async function requireBatch(db: Kysely<Database>, id: string): Promise<BatchRow> {
  const batch = await db.selectFrom('batches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!batch)
    throw new ContractError(
      'NOT_FOUND',
      `There is no batch ${id} in the local database. Sync first, or check the batch number.`,
    );
  return batch;
}

function verdictWords(verdict: Verdict): string {
  return verdict === 'differs'
    ? 'it differs'
    : verdict === 'incomplete'
      ? 'not everything is synced yet'
      : 'it ties out';
}

function encodeCursor(date: string, id: string): string {
  return Buffer.from(JSON.stringify([date, id])).toString('base64url');
}

function decodeCursor(cursor: string): { date: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string')
      return { date: value[0], id: value[1] };
  } catch {
    // Falls through to the error below.
  }
  throw new ContractError('BAD_ARGUMENTS', 'The page cursor is not one this list gave out. Reload the list.');
}
