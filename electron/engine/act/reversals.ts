/**
 * Refunds and voids (DESIGN.md §12): read fresh, refuse what the service would refuse, store the
 * intent (one per transaction at a time), then send it once; a refund above the district's threshold
 * waits for a second approver instead (approvals.ts).
 */
import {
  ContractError,
  REASON_WORDS,
  type ActPreview,
  type ActResult,
  type PaymentIntent,
  type RefundReason,
  type Settings,
} from '../../../shared/contract';
import { formatCents, formatMoney } from '../../../shared/money';
import type { ReversalBody } from '../api/writes';
import type { Store } from '../store/dialect';
import { listPayees } from '../store/transactions';
import { claimIntent, getIntent, listIntents } from '../store/intents';
import { carryOut, centralTime, nowIso } from './carryOut';
import { readFresh } from './fresh';
import { newReference } from './reference';
import { ActRefusal, checkRefund, checkVoid, type RefundRequest } from './rules';
import { storedTransaction } from './stored';
import { reversalIo } from './exchanges';
import { settleInterruptedWrites, type InterruptedWritesDeps } from './stuck';

export interface ReversalArgs extends RefundRequest {
  transactionId: number;
  reason: RefundReason;
  reasonText?: string;
  preview: boolean;
}

/** What a refund or void uses: what the look at interrupted writes uses, and the second approver's threshold. */
export interface ReversalDeps extends InterruptedWritesDeps {
  settings(): Promise<Pick<Settings, 'refundSecondApproverAboveCents'>>;
}

export function reasonOf(args: { reason: RefundReason; reasonText?: string }): string {
  const detail = args.reasonText?.trim();
  return detail ? `${REASON_WORDS[args.reason]}: ${detail}` : REASON_WORDS[args.reason];
}

export async function reverse(
  deps: ReversalDeps,
  operation: 'refund' | 'void',
  args: ReversalArgs,
  actor: string,
): Promise<ActResult> {
  const client = await deps.serviceClient();
  await settleInterruptedWrites(deps);
  const readAt = nowIso(deps);
  const { listed: before, payerName } = await readFresh(client, args.transactionId);
  const tx = before.value;
  let checked: { cents: number; items: Array<{ id: string; cents: number }> };
  try {
    checked = operation === 'refund' ? checkRefund(before, args) : { cents: checkVoid(before), items: [] };
  } catch (error) {
    if (error instanceof ActRefusal) throw new ContractError('BAD_ARGUMENTS', await withWhoActed(deps, tx, error));
    throw error;
  }
  const threshold = (await deps.settings()).refundSecondApproverAboveCents;
  const needsSecondApprover = operation === 'refund' && threshold !== null && checked.cents > threshold;
  const payees = await listPayees(deps.store.reader);
  const preview: ActPreview = {
    kind: operation,
    transactionId: tx.id,
    payeeId: tx.payeeId,
    payeeName: payees.find((payee) => payee.id === tx.payeeId)?.name ?? null,
    payerName,
    method: tx.paymentMethod,
    saleCents: tx.amountCents,
    refundedBeforeCents: tx.amountRefundedCents,
    amountCents: checked.cents,
    remainingAfterCents: operation === 'refund' ? tx.amountCents - tx.amountRefundedCents - checked.cents : 0,
    items: checked.items.map((item) => ({
      id: item.id,
      name: before.items.find((candidate) => candidate.itemId === item.id)?.itemName ?? null,
      amountCents: item.cents,
    })),
    needsSecondApprover,
  };
  if (args.preview) return { preview, intent: null, transaction: null };

  // Always the amount confirmed: the service's default (the whole rest) could be more by the time it arrives.
  const body: ReversalBody = {
    operation,
    transaction_id: tx.id,
    items: checked.items.map((item) => ({ id: item.id, amount: formatCents(item.cents) })),
    ...(operation === 'refund' ? { amount: formatCents(checked.cents) } : {}),
  };
  const id = newReference();
  const claim = await claimIntent(
    deps.store.writer,
    {
      id,
      kind: operation,
      state: needsSecondApprover ? 'awaiting_approval' : 'sending',
      transactionId: tx.id,
      payeeId: tx.payeeId,
      amountCents: checked.cents,
      request: JSON.stringify(body),
      reason: reasonOf(args),
      requestedBy: actor,
      at: nowIso(deps),
      beforeRaw: before.raw,
      sinceId: null,
    },
    readAt,
  );
  if (!claim.claimed) throw new ContractError('CONFLICT', heldBy(claim.holder, tx.id));
  if (needsSecondApprover) {
    return { preview, intent: (await getIntent(deps.store.reader, id))!, transaction: null };
  }
  const intent = await carryOut(deps, client, id, actor, reversalIo(client, body, before, checked.cents));
  return { preview, intent, transaction: await storedTransaction(deps, tx.id) };
}

/** A refusal, with who last refunded or voided the transaction here when someone did (two people at once). */
async function withWhoActed(
  deps: { store: Pick<Store, 'reader'> },
  tx: { id: number },
  refusal: ActRefusal,
): Promise<string> {
  const [last] = await listIntents(deps.store.reader, { transactionId: tx.id, states: ['done'], limit: 1 });
  if (!last) return refusal.message;
  const verb = last.kind === 'void' ? 'voided' : 'refunded';
  return `${refusal.message} (${last.requestedBy} ${verb} it${last.amountCents === null ? '' : ` (${formatMoney(last.amountCents)})`} at ${centralTime(last.updatedAt)}.)`;
}

/** Who holds a transaction, in a sentence that says nothing was sent. */
export function heldBy(holder: PaymentIntent, transactionId: number): string {
  const verb = holder.kind === 'void' ? 'void' : 'refund';
  const what = holder.amountCents === null ? '' : ` (${formatMoney(holder.amountCents)})`;
  const when = centralTime(holder.updatedAt);
  switch (holder.state) {
    case 'done':
      return `${holder.requestedBy} already ${verb === 'void' ? 'voided' : 'refunded'} transaction ${transactionId}${what} at ${when}. Nothing was sent; read it again before acting.`;
    case 'awaiting_approval':
      return `${holder.requestedBy} asked at ${when} to ${verb} transaction ${transactionId}${what}; it waits for a second approver. Nothing was sent.`;
    case 'unknown':
      return `${holder.requestedBy}'s ${verb} of transaction ${transactionId}${what} is in doubt since ${when} and waits for a person to resolve it. Nothing was sent.`;
    default:
      return `${holder.requestedBy} is sending a ${verb} of transaction ${transactionId}${what} right now (since ${when}). Nothing was sent.`;
  }
}
