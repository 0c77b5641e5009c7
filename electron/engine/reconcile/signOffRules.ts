/**
 * The sign-off rule, pure, in one place: what a sign-off or an unsign of a batch writes, decided on
 * the batch, its checks and its latest review as they are inside the unit of work
 * (store/reviews appendReviewGuarded), or why it is refused: signed off already, checks changed
 * since the caller read them, a deposit that does not tie out without a note, and the four-eyes rule
 * (whether a preparation still holds for the checks as they stand, and the refusal when the approver
 * is the preparer or nobody prepared these checks). Used by sign-off and unsign (batches.ts) and
 * preparation (preparation.ts).
 */
import { ContractError } from '../../../shared/contract';
import type { Preparation, Verdict } from '../../../shared/domain';
import { formatMoney } from '../../../shared/money';
import { reviewStateOf } from '../store/batches';
import { checksRevision, type BatchPreparationRow, type NewReview, type ReviewSnapshot } from '../store/reviews';
import type { BatchRow } from '../store/schema';

/** What a sign-off asks for (reconcile/batches.ts SignOffArgs). */
interface SignOffRequest {
  id: string;
  note: string;
  by: string;
  revision?: string;
  separateApprover?: boolean;
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

/** The review a sign-off writes, or a refusal in words. */
export function decideSignOff(state: ReviewSnapshot, args: SignOffRequest, at: string): NewReview {
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
  const verdict = checks.verdict;
  if (verdict !== 'ties_out' && args.note.trim() === '') {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Batch ${args.id} does not tie out (${verdictWords(verdict)}, ${formatMoney(checks.difference_cents)} off). Add a note saying why it can be signed off anyway.`,
    );
  }
  return reviewOf(batch, 'sign_off', args.by, at, args.note.trim() || null, checks.fingerprint);
}

/** The review an unsign writes: only a signed-off batch can be unsigned. */
export function decideUnsign(state: ReviewSnapshot, args: { id: string; reason: string; by: string }, at: string) {
  if (reviewStateOf(state.latest) === 'open') {
    throw new ContractError('CONFLICT', `Batch ${args.id} is not signed off, so there is nothing to unsign.`);
  }
  return reviewOf(present(state, args.id).batch, 'unsign', args.by, at, args.reason.trim(), null);
}

export function notFound(id: string): ContractError {
  return new ContractError(
    'NOT_FOUND',
    `There is no batch ${id} in the local database. Sync first, or check the batch number.`,
  );
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

function verdictWords(verdict: Verdict): string {
  return verdict === 'differs'
    ? 'it differs'
    : verdict === 'incomplete'
      ? 'not everything is synced yet'
      : 'it ties out';
}

/** A preparation vouches for the checks it saw: once they change, it no longer counts. */
export function preparationHolds(
  prepared: Pick<BatchPreparationRow, 'fingerprint'> | undefined,
  fingerprint: string | undefined,
): boolean {
  return prepared !== undefined && fingerprint !== undefined && prepared.fingerprint === fingerprint;
}

/** The batch's latest preparation if it still holds for checks with `fingerprint`, for the detail. */
export function currentPreparation(
  prepared: BatchPreparationRow | undefined,
  fingerprint: string | undefined,
): Preparation | null {
  return prepared && preparationHolds(prepared, fingerprint)
    ? { by: prepared.by, at: prepared.at, note: prepared.note }
    : null;
}

/** Inside the sign-off's transaction: refuses unless someone else prepared exactly these checks. */
export function requireSeparatePreparer(
  state: ReviewSnapshot,
  id: string,
  fingerprint: string,
  approver: string,
): void {
  const prepared = state.prepared;
  if (!prepared) {
    throw new ContractError(
      'CONFLICT',
      `Batch ${id} has not been prepared. This district requires a preparer to mark a deposit prepared before someone else signs it off.`,
    );
  }
  if (!preparationHolds(prepared, fingerprint)) {
    throw new ContractError(
      'CONFLICT',
      `Batch ${id} changed after ${prepared.by} prepared it at ${prepared.at}. It must be prepared again before sign-off.`,
    );
  }
  if (prepared.by.toLowerCase() === approver.toLowerCase()) {
    throw new ContractError(
      'FORBIDDEN',
      `You prepared batch ${id}, and this district requires a different approver to sign off what a preparer prepared. Ask another approver.`,
    );
  }
}
