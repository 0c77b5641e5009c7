/**
 * Refund and Void on a transaction (its detail, a batch's transaction rows): the one that fits its
 * status is offered (a Pending sale is voided; a settled one refunded), the other's absence said in
 * words; the engine checks again against the service before anything is sent.
 */
import { useState } from 'react';
import type { Transaction } from '../../../../shared/domain';
import { useWhyNot } from '../../hooks/useCan';
import { ReversalDialog, type ReversalKind } from './ReversalDialog';

function offered(txn: Pick<Transaction, 'status' | 'amountCents' | 'amountRefundedCents'>): {
  kind: ReversalKind | null;
  why: string | null;
} {
  if (txn.status === 'Pending') return { kind: 'void', why: 'Pending: it can be voided until it settles.' };
  if (txn.status === 'Settled' && txn.amountRefundedCents < txn.amountCents) return { kind: 'refund', why: null };
  if (txn.status === 'Settled' || txn.status === 'Refunded') return { kind: null, why: 'Refunded in full.' };
  return { kind: null, why: `${txn.status}: nothing to refund or void.` };
}

export function PaymentActions({
  txn,
  compact = false,
}: {
  txn: Pick<Transaction, 'id' | 'status' | 'amountCents' | 'amountRefundedCents'>;
  /** In a table row: the buttons only. */
  compact?: boolean;
}) {
  const [open, setOpen] = useState<ReversalKind | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const whyNotRefund = useWhyNot('payments.refund');
  const { kind, why } = offered(txn);
  const label = kind === 'void' ? 'Void' : 'Refund';
  const whyNot = whyNotRefund;

  return (
    <div className={compact ? 'payment-actions payment-actions-compact' : 'payment-actions'}>
      {kind && (
        <button
          type="button"
          className="button"
          disabled={whyNot !== null}
          title={whyNot ?? undefined}
          aria-label={compact ? `${label} transaction ${txn.id}` : undefined}
          onClick={() => {
            setOutcome(null);
            setOpen(kind);
          }}
        >
          {label}…
        </button>
      )}
      {!compact && (why || whyNot) && <span className="muted small">{whyNot ?? why}</span>}
      {!compact && outcome && (
        <p role="status" className="payment-outcome">
          {outcome}
        </p>
      )}
      {open && (
        <ReversalDialog
          kind={open}
          transactionId={txn.id}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setOpen(null);
            setOutcome(message);
          }}
        />
      )}
    </div>
  );
}
