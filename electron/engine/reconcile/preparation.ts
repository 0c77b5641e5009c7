/**
 * Team mode's four eyes (issue 16): a preparer marks a deposit prepared; with the setting
 * `requireSeparateApprover` on, its sign-off needs a preparation of the checks as they stand now, by
 * someone other than the approver. A preparation is its own row, not a review: it does not change
 * the deposit's review state, so nothing that reads sign-offs changes meaning.
 *
 * Why "the user who marked it prepared" and not "the last user who acknowledged or noted": an
 * acknowledgement is about a change, not a deposit, and a note can come from anyone who looked; an
 * explicit step names exactly one person who vouches for exactly these checks.
 */
import { ContractError } from '../../../shared/contract';
import type { BatchDetail } from '../../../shared/domain';
import { appendPreparationGuarded } from '../store/reviews';
import type { WritableDB } from '../store/work';
import { reviewStateOf } from '../store/batches';
import { getBatchDetail } from './batches';
import { refreshBatchChecks } from './refresh';

export async function prepareBatch(
  writer: WritableDB,
  args: { id: string; note: string; by: string },
  at: string,
): Promise<BatchDetail> {
  await getBatchDetail(writer, args.id);
  await refreshBatchChecks(writer, [args.id], { at });
  await appendPreparationGuarded(writer, args.id, (state) => {
    if (!state.batch) throw new ContractError('NOT_FOUND', `There is no batch ${args.id}.`);
    if (!state.checks)
      throw new ContractError('CONFLICT', `Batch ${args.id} has not been checked yet. Sync, then try again.`);
    if (reviewStateOf(state.latest) === 'signed_off') {
      throw new ContractError(
        'CONFLICT',
        `Batch ${args.id} is already signed off${state.latest ? ` by ${state.latest.by}` : ''}; there is nothing to prepare.`,
      );
    }
    return {
      batch_id: args.id,
      by: args.by,
      at,
      note: args.note.trim() || null,
      fingerprint: state.checks.fingerprint,
    };
  });
  return getBatchDetail(writer, args.id);
}
