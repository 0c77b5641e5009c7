/**
 * The four-eyes rule of sign-off, pure: whether a preparation still holds for the checks as they
 * stand, and the refusal when the approver is the preparer or nobody prepared these checks. Used by
 * sign-off (batches.ts) and preparation (preparation.ts) alike.
 */
import { ContractError } from '../../../shared/contract';
import type { Preparation } from '../../../shared/domain';
import type { BatchPreparationRow, ReviewSnapshot } from '../store/reviews';

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
