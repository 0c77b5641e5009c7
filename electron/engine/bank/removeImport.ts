/**
 * The bookkeeper's say over what an import brought (issue 25): undo a whole import, and keep or drop
 * a line that is only probably one already stored. Each is recorded with who and when, and followed
 * by a matching run (what was taken or freed changes what the other lines can match).
 */
import { ContractError } from '../../../shared/contract';
import type { BankStatementRemoval } from '../../../shared/domain';
import type { WritableDB } from '../store/work';
import { decideDuplicate, removeStatement, lineDetail } from '../store/bank';
import { rematchBank, type RematchDeps } from './rematch';

export async function removeImport(
  ctx: RematchDeps,
  statementId: number,
  actor: { by: string; at: string },
): Promise<BankStatementRemoval> {
  const removed = await removeStatement(ctx.store.writer, statementId, actor);
  if (!removed) {
    throw new ContractError(
      'NOT_FOUND',
      `No bank statement ${statementId} is stored. List the statements (bank statements) and give one of their ids.`,
    );
  }
  await rematchBank(ctx);
  return { ...removed, removedBy: actor.by, removedAt: actor.at };
}

export async function decidePossibleDuplicate(
  writer: WritableDB,
  lineId: number,
  decision: 'keep' | 'drop',
  actor: { by: string; at: string },
): Promise<void> {
  if (await decideDuplicate(writer, lineId, decision === 'keep' ? 'kept' : 'dropped', actor)) return;
  const detail = await lineDetail(writer, lineId);
  if (!detail) throw new ContractError('NOT_FOUND', `Bank line ${lineId} is not in the store. Reload the list.`);
  throw new ContractError(
    'CONFLICT',
    `Bank line ${lineId} is not a possible duplicate waiting for a decision (it is ${detail.line.status.replace('_', ' ')}).`,
  );
}
