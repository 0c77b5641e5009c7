/**
 * The second approver (DESIGN.md §12): a refund above the district's threshold is requested by one
 * approver and sent when another approves it. The transaction is read fresh again at approval, so
 * what is sent is checked against the service as it is then.
 */
import { ContractError, type ActResult, type PaymentIntent } from '../../../shared/contract';
import type { ReversalBody } from '../api/writes';
import type { Clock } from '../../../shared/time';
import type { Store } from '../store/dialect';
import { approveIntent, intentRequest, resolveIntent, updateIntent } from '../store/intents';
import { carryOut, centralTime, nowIso } from './carryOut';
import { readFresh } from './fresh';
import { reversalIo } from './exchanges';
import { ActRefusal, checkRefund } from './rules';
import { storedTransaction } from './stored';
import { settleInterruptedWrites, type InterruptedWritesDeps } from './stuck';

export async function approve(deps: InterruptedWritesDeps, id: string, actor: string): Promise<ActResult> {
  const client = await deps.serviceClient();
  await settleInterruptedWrites(deps);
  const taken = await approveIntent(deps.store.writer, id, actor, nowIso(deps));
  if (!taken.approved) {
    if (taken.reason === 'not_found') throw new ContractError('NOT_FOUND', `There is no request ${id}.`);
    if (taken.reason === 'same_person')
      throw new ContractError(
        'FORBIDDEN',
        `${actor} asked for this refund; a second approver, someone else, must approve it. Nothing was sent.`,
      );
    throw new ContractError(
      'CONFLICT',
      `Request ${id} is ${taken.intent!.state.replace('_', ' ')} (${taken.intent!.approvedBy ? `approved by ${taken.intent!.approvedBy}` : `last changed at ${centralTime(taken.intent!.updatedAt)}`}); nothing was sent.`,
    );
  }
  const intent = taken.intent;
  const stored = (await intentRequest(deps.store.reader, id))!;
  const body = JSON.parse(stored.request) as ReversalBody;
  let before;
  try {
    ({ listed: before } = await readFresh(client, body.transaction_id));
    checkRefund(before, {
      amount: body.amount,
      items: body.items,
    });
  } catch (error) {
    // The service would refuse it now (refunded meanwhile, say): the request fails, in words, and the
    // transaction is free again. The service could not be read: it waits for an approval again.
    const message = error instanceof Error ? error.message : String(error);
    const failed = await updateIntent(
      deps.store.writer,
      id,
      nowIso(deps),
      {
        state: error instanceof ActRefusal ? 'failed' : 'awaiting_approval',
        ...(error instanceof ActRefusal ? { active_key: null } : {}),
        message,
      },
      { actor, event: error instanceof ActRefusal ? 'failed' : 'approval_not_sent', detail: message },
    );
    if (error instanceof ActRefusal) return { preview: previewOf(failed), intent: failed, transaction: null };
    throw error;
  }
  await updateIntent(deps.store.writer, id, nowIso(deps), { before_raw: before.raw }, { actor, event: 'read_again' });
  const done = await carryOut(deps, client, id, actor, reversalIo(client, body, before, intent.amountCents!));
  return { preview: previewOf(done), intent: done, transaction: await storedTransaction(deps, body.transaction_id) };
}

/** The short preview an approval answers with: what was asked, as stored. */
function previewOf(intent: PaymentIntent): ActResult['preview'] {
  return {
    kind: intent.kind,
    transactionId: intent.transactionId,
    payeeId: intent.payeeId ?? 0,
    payeeName: null,
    payerName: null,
    method: '',
    saleCents: null,
    refundedBeforeCents: null,
    amountCents: intent.amountCents ?? 0,
    remainingAfterCents: null,
    items: [],
    needsSecondApprover: true,
  };
}

export async function resolve(
  deps: { store: Pick<Store, 'writer'>; clock: Clock },
  args: { id: string; outcome: 'happened' | 'did_not_happen'; note: string },
  actor: string,
): Promise<PaymentIntent> {
  const result = await resolveIntent(deps.store.writer, args.id, actor, nowIso(deps), args.outcome, args.note.trim());
  if (result.resolved) return result.intent;
  if (result.reason === 'not_found') throw new ContractError('NOT_FOUND', `There is no request ${args.id}.`);
  throw new ContractError(
    'CONFLICT',
    `Request ${args.id} is ${result.intent!.state} already${result.intent!.resolvedBy ? ` (resolved by ${result.intent!.resolvedBy})` : ''}; there is nothing to resolve.`,
  );
}
