/** Batches for the renderer: a keyset-paged list with verdicts, one batch's detail, sign-off and unsign. */
import { ContractError, type BatchFilter, type Page, type PageRequest } from '../../../shared/contract';
import type { BatchDetail, BatchSummary, Check } from '../../../shared/domain';
import {
  batchDetailRows,
  getBatchRow,
  listBatchRows,
  summaryOf,
  toGlBatch,
  toSignOff,
  toTransaction,
} from '../store/batches';
import type { ReadableDB, WritableDB } from '../store/work';
import { appendReviewGuarded, checksRevision, latestReviews } from '../store/reviews';
import type { BatchRow } from '../store/schema';
import { currentPreparation, decideSignOff, decideUnsign, notFound } from './signOffRules';

export { ChecksChangedError } from './signOffRules';
import { refreshBatchChecks } from './refresh';
import { reversalsOfBatch } from './reversals';

/** Newest first: (date desc, id desc). The cursor is the last row's key, opaque to the renderer. */
export async function listBatches(
  reader: ReadableDB,
  { filter, cursor, limit }: PageRequest<BatchFilter>,
): Promise<Page<BatchSummary>> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await listBatchRows(reader, filter, after, limit + 1);
  const page = rows.slice(0, limit);
  const reviews = await latestReviews(
    reader,
    page.map((row) => row.id),
  );
  const last = page[page.length - 1];
  return {
    rows: page.map((row) => summaryOf(row, reviews.get(row.id))),
    nextCursor: rows.length > limit && last ? encodeCursor(last.date, last.id) : null,
  };
}

export async function getBatchDetail(reader: ReadableDB, id: string): Promise<BatchDetail> {
  const rows = await batchDetailRows(reader, id);
  if (!rows) throw notFound(id);
  const { batch, checks, history } = rows;
  return {
    batch: summaryOf(
      {
        ...batch,
        payee_name: rows.payeeName,
        verdict: checks?.verdict ?? null,
        difference_cents: checks?.difference_cents ?? null,
        fingerprint: checks?.fingerprint ?? null,
      },
      history.at(-1),
    ),
    checks: checks ? (JSON.parse(checks.checks) as Check[]) : [],
    transactions: rows.transactions.map(toTransaction),
    glBatches: rows.glRows.map(toGlBatch),
    history: history.map(toSignOff),
    reversals: reversalsOfBatch(rows.reversals),
    revision: checks ? checksRevision(checks.fingerprint) : null,
    preparation: currentPreparation(rows.preparation, checks?.fingerprint),
  };
}

export interface SignOffArgs {
  id: string;
  note: string;
  by: string;
  /** The checks' revision the caller saw (BatchDetail.revision); omitted: sign what is there now. */
  revision?: string;
  /** Settings.requireSeparateApprover: someone other than `by` must have prepared these checks. */
  separateApprover?: boolean;
}

/**
 * Signs a batch off: its checks are brought up to date first, then the decision (signOffRules.ts) and
 * the write happen in one transaction, so of two sign-offs of one batch exactly one succeeds and a sign-off of checks
 * that changed since the caller read them is refused.
 */
export async function signOffBatch(
  writer: WritableDB,
  args: SignOffArgs,
  at: string,
): Promise<{ detail: BatchDetail; reopened: string[] }> {
  await requireBatch(writer, args.id);
  const { reopened } = await refreshBatchChecks(writer, [args.id], { at, reason: 'Changed before this sign-off' });
  await appendReviewGuarded(writer, args.id, (state) => decideSignOff(state, args, at));
  return { detail: await getBatchDetail(writer, args.id), reopened };
}

export async function unsignBatch(
  writer: WritableDB,
  args: { id: string; reason: string; by: string },
  at: string,
): Promise<BatchDetail> {
  await requireBatch(writer, args.id);
  await appendReviewGuarded(writer, args.id, (state) => decideUnsign(state, args, at));
  await refreshBatchChecks(writer, [args.id], { at });
  return getBatchDetail(writer, args.id);
}

async function requireBatch(reader: ReadableDB, id: string): Promise<BatchRow> {
  const batch = await getBatchRow(reader, id);
  if (!batch) throw notFound(id);
  return batch;
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
