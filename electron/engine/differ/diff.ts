/**
 * The pure differ of DESIGN.md §5: given what we had and what the service now says about one
 * transaction, what happened. It follows the spec's recommended client pattern, and flags what
 * the spec does not explain (a Settled transaction voided; an amount, payee or batch that moved).
 */
import type { ChangeKind, Transaction, TransactionStatus } from '../../../shared/domain';
import { formatCents, inputRuleBreaks } from '../../../shared/money';

/** A change before it is stored: the store adds id, run, seen_at. */
export interface DiffChange {
  kind: ChangeKind;
  fromStatus: TransactionStatus | null;
  toStatus: TransactionStatus;
  deltaCents: number | null;
  detail: string | null;
}

/** The fields the differ reads; a stored row or a freshly parsed one both qualify. */
export type DiffInput = Pick<
  Transaction,
  | 'status'
  | 'amountCents'
  | 'amountRefundedCents'
  | 'payeeId'
  | 'batchId'
  | 'convenienceFeeCents'
  | 'taxCents'
  | 'shippingCents'
>;

export function diffTransaction(old: DiffInput | undefined, next: DiffInput): DiffChange[] {
  const to = next.status;
  if (!old) {
    const changes: DiffChange[] = [
      { kind: 'first_seen', fromStatus: null, toStatus: to, deltaCents: null, detail: null },
    ];
    // Money that already went back before we first looked must still be seen once.
    if (next.amountRefundedCents > 0) {
      changes.push(change('refunded', null, to, next.amountRefundedCents, null));
    }
    changes.push(...outsideInputRule([], next, null));
    return changes;
  }

  const from = old.status;
  const changes: DiffChange[] = [];
  if (from !== to) {
    const kind = statusChangeKind(from, to);
    if (kind === 'refunded') {
      // The refund itself is reported with its amount below; a status move with no amount still counts.
      if (next.amountRefundedCents <= old.amountRefundedCents) changes.push(change('refunded', from, to, 0, null));
    } else if (kind === 'anomaly') {
      changes.push(change('anomaly', from, to, null, `status ${from} -> ${to}`));
    } else {
      changes.push(change(kind, from, to, null, null));
    }
  }
  const refundDelta = next.amountRefundedCents - old.amountRefundedCents;
  if (refundDelta > 0) {
    changes.push(change('refunded', from, to, refundDelta, null));
  } else if (refundDelta < 0) {
    changes.push(
      change(
        'anomaly',
        from,
        to,
        refundDelta,
        `amount_refunded ${formatCents(old.amountRefundedCents)} -> ${formatCents(next.amountRefundedCents)}`,
      ),
    );
  }
  if (next.amountCents !== old.amountCents) {
    changes.push(
      change(
        'anomaly',
        from,
        to,
        next.amountCents - old.amountCents,
        `amount ${formatCents(old.amountCents)} -> ${formatCents(next.amountCents)}`,
      ),
    );
  }
  if (next.payeeId !== old.payeeId) {
    changes.push(change('anomaly', from, to, null, `payee ${old.payeeId} -> ${next.payeeId}`));
  }
  // A batch is assigned at settlement (none -> some is normal); moving between batches is not.
  if (old.batchId !== null && next.batchId !== old.batchId) {
    changes.push(change('anomaly', from, to, null, `batch ${old.batchId} -> ${next.batchId ?? 'none'}`));
  }
  changes.push(...outsideInputRule(inputRuleBreaks(old), next, from));
  return changes;
}

/**
 * DESIGN.md §4 "Intake rule": a value the service reports outside its own input rule (a 3.35% fee of
 * $0.67) is stored as sent and flagged once, when first seen so: one anomaly naming every field and
 * rule it breaks that the stored row did not break already (`before`).
 */
function outsideInputRule(before: readonly string[], next: DiffInput, from: TransactionStatus | null): DiffChange[] {
  const broken = inputRuleBreaks(next);
  if (!broken.length) return [];
  const breaks = broken.filter((rule) => !before.includes(rule));
  return breaks.length ? [change('anomaly', from, next.status, null, breaks.join('; '))] : [];
}

function statusChangeKind(from: TransactionStatus, to: TransactionStatus): ChangeKind {
  if (from === 'Unknown') return 'resolved';
  switch (to) {
    case 'Settled':
      return from === 'Pending' ? 'settled' : 'anomaly';
    case 'Voided':
      return from === 'Settled' ? 'voided_after_settlement' : 'voided';
    case 'Refunded':
      return 'refunded';
    case 'Error':
      return 'errored';
    case 'Returned':
      return 'returned';
    case 'Declined':
      return 'declined';
    case 'Unknown':
      return 'unknown';
    case 'Pending':
      return 'anomaly';
  }
}

function change(
  kind: ChangeKind,
  fromStatus: TransactionStatus | null,
  toStatus: TransactionStatus,
  deltaCents: number | null,
  detail: string | null,
): DiffChange {
  return { kind, fromStatus, toStatus, deltaCents, detail };
}
