/** Batches for the renderer: a keyset-paged list with verdicts, one batch's detail, sign-off and unsign. */
import { ContractError, type BatchFilter, type Page, type PageRequest } from '../../../shared/contract';
import type { BatchDetail, BatchSummary, Check, Verdict } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import {
  batchDetailRows,
  getBatchRow,
  listBatchRows,
  reviewStateOf,
  summaryOf,
  toGlBatch,
  toSignOff,
  toTransaction,
} from '../store/batches';
import type { ReadableDB, WritableDB } from '../store/work';
import { appendReviewGuarded, checksRevision, latestReviews, type ReviewSnapshot } from '../store/reviews';
import type { BatchRow } from '../store/schema';
import { currentPreparation, requireSeparatePreparer } from './signOffRules';
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

/** A sign-off refused because the deposit's checks are no longer the revision the caller read. */
export class ChecksChangedError extends ContractError {
  constructor(
    readonly batchId: string,
    computedAt: string,
  ) {
    super(
      'CONFLICT',
      `Batch ${batchId} changed since you opened it (its checks were recomputed at ${computedAt}). Review it again, then sign off.`,
    );
  }
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
 * Signs a batch off: its checks are brought up to date first, then the decision and the write happen
 * in one transaction, so of two sign-offs of one batch exactly one succeeds and a sign-off of checks
 * that changed since the caller read them is refused.
 */
export async function signOffBatch(
  writer: WritableDB,
  args: SignOffArgs,
  at: string,
): Promise<{ detail: BatchDetail; reopened: string[] }> {
  await requireBatch(writer, args.id);
  const { reopened } = await refreshBatchChecks(writer, [args.id], { at, reason: 'Changed before this sign-off' });
  await appendReviewGuarded(writer, args.id, (state) => {
    const { batch, checks } = present(state, args.id);
    const latest = state.latest;
    if (reviewStateOf(latest) === 'signed_off') {
      throw new ContractError(
        'CONFLICT',
        `Batch ${args.id} is already signed off${latest ? ` by ${latest.by} at ${latest.at}` : ''}. Unsign it first to sign it again.`,
      );
    }
    if (args.revision !== undefined && args.revision !== checksRevision(checks.fingerprint)) {
      throw new ChecksChangedError(args.id, checks.computed_at);
    }
    if (args.separateApprover) requireSeparatePreparer(state, args.id, checks.fingerprint, args.by);
    const verdict = checks.verdict as Verdict;
    if (verdict !== 'ties_out' && args.note.trim() === '') {
      throw new ContractError(
        'BAD_ARGUMENTS',
        `Batch ${args.id} does not tie out (${verdictWords(verdict)}, ${formatMoney(checks.difference_cents)} off). Add a note saying why it can be signed off anyway.`,
      );
    }
    return reviewOf(batch, 'sign_off', args.by, at, args.note.trim() || null, checks.fingerprint);
  });
  return { detail: await getBatchDetail(writer, args.id), reopened };
}

export async function unsignBatch(
  writer: WritableDB,
  args: { id: string; reason: string; by: string },
  at: string,
): Promise<BatchDetail> {
  await requireBatch(writer, args.id);
  await appendReviewGuarded(writer, args.id, (state) => {
    if (reviewStateOf(state.latest) === 'open') {
      throw new ContractError('CONFLICT', `Batch ${args.id} is not signed off, so there is nothing to unsign.`);
    }
    return reviewOf(present(state, args.id).batch, 'unsign', args.by, at, args.reason.trim(), null);
  });
  await refreshBatchChecks(writer, [args.id], { at });
  return getBatchDetail(writer, args.id);
}

function present(state: ReviewSnapshot, id: string) {
  if (!state.batch) throw notFound(id);
  if (!state.checks) {
    throw new ContractError('CONFLICT', `Batch ${id} has not been checked yet. Sync, then try again.`);
  }
  return { batch: state.batch, checks: state.checks };
}

function reviewOf(
  batch: BatchRow,
  action: 'sign_off' | 'unsign',
  by: string,
  at: string,
  note: string | null,
  fingerprint: string | null,
) {
  return {
    batch_id: batch.id,
    action,
    by,
    at,
    note,
    total_cents: batch.total_cents,
    fees_cents: batch.fees_cents,
    partial_cents: batch.partial_cents,
    total_count: batch.total_count,
    fingerprint,
  };
}

async function requireBatch(reader: ReadableDB, id: string): Promise<BatchRow> {
  const batch = await getBatchRow(reader, id);
  if (!batch) throw notFound(id);
  return batch;
}

function notFound(id: string): ContractError {
  return new ContractError(
    'NOT_FOUND',
    `There is no batch ${id} in the local database. Sync first, or check the batch number.`,
  );
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
