/**
 * The change feed's columns, shared by the grouped view and the flat history. Each change links to
 * its transaction and to its deposit; the links stop the row's own "open" so each goes where it says.
 */
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Change } from '../../../../shared/domain';
import { columnsOf } from '../../components/columns';
import { CHANGE_KIND_LABELS } from '../../labels';
import { hrefFor } from '../../routes';

const change = columnsOf<Change>();

/** A link inside a table row that opens something else: the row's click and Enter must not also fire. */
function RowLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();
  return (
    <a href={href} aria-label={label} onClick={stop} onKeyDown={stop}>
      {children}
    </a>
  );
}

// Widths that fit a group's table at 1280 px (test/e2e/layout.test.ts measures it), Acknowledge included.
export const CHANGE_COLUMNS = [
  change.instant('seen', 'Seen (Central time)', (c) => c.seenAt, '212px'),
  change.cell(
    'kind',
    'What changed',
    (c) => <span className={`badge kind kind-${c.kind}`}>{CHANGE_KIND_LABELS[c.kind]}</span>,
    '140px',
  ),
  change.cell(
    'txn',
    'Transaction',
    (c) => (
      <RowLink href={hrefFor('transactions', c.transactionId)} label={`Transaction ${c.transactionId}`}>
        <span className="mono">{c.transactionId}</span>
      </RowLink>
    ),
    '100px',
  ),
  change.cell(
    'deposit',
    'Deposit',
    (c) =>
      c.batchId === null ? (
        <span className="muted">—</span>
      ) : (
        <RowLink href={hrefFor('batches', c.batchId)} label={`Deposit ${c.batchId} of transaction ${c.transactionId}`}>
          <span className="mono">{c.batchId}</span>
        </RowLink>
      ),
    '80px',
  ),
  change.text('status', 'Status', (c) => (c.fromStatus ? `${c.fromStatus} → ${c.toStatus}` : c.toStatus), '170px'),
  // A refund's delta is how much more was refunded: money out of the district, so shown negative.
  change.difference(
    'delta',
    'Amount change',
    (c) => (c.kind === 'refunded' && c.deltaCents !== null ? -c.deltaCents : c.deltaCents),
    '104px',
  ),
  change.text('detail', 'Detail', (c) => c.detail ?? '', 'minmax(50px, 1fr)'),
];

/** The per-row Acknowledge button (or "Reviewed"), given the action that acknowledges. */
export function acknowledgeColumn(acknowledge: (ids: number[]) => void, busy: boolean) {
  return change.cell(
    'ack',
    'Review',
    (c) =>
      c.acknowledgedAt ? (
        <span className="muted">Reviewed</span>
      ) : (
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          aria-label={`Acknowledge change ${c.id} of transaction ${c.transactionId}`}
          onClick={(event) => {
            event.stopPropagation();
            acknowledge([c.id]);
          }}
        >
          Acknowledge
        </button>
      ),
    '130px',
  );
}
