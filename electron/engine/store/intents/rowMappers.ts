/** Intent rows to the contract's PaymentIntent. */
import type { IntentEvent, PaymentIntent } from '../../../../shared/contract';
import type { PaymentIntentEventRow, PaymentIntentRow } from './types';

export function toIntentEvent(row: PaymentIntentEventRow): IntentEvent {
  return { at: row.at, actor: row.actor, event: row.event, detail: row.detail };
}

export function toPaymentIntent(row: PaymentIntentRow, events: readonly PaymentIntentEventRow[]): PaymentIntent {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
    payeeId: row.payee_id === null ? null : Number(row.payee_id),
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    reason: row.reason,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    attempts: Number(row.attempts),
    message: row.message,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    updatedAt: row.updated_at,
    events: [...events].sort((a, b) => a.seq - b.seq).map(toIntentEvent),
  };
}
