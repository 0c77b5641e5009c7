import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TransactionDetail } from '../../../../shared/contract';
import type { PurchasedItem } from '../../../../shared/domain';
import { columnsOf, StatusText } from '../../components/columns';
import { Instant } from '../../components/Dates';
import { DetailHead, DetailPage, Facts, moneyFact } from '../../components/Detail';
import { Difference } from '../../components/Money';
import { StaticTable } from '../../components/StaticTable';
import { Timeline } from '../../components/Timeline';
import { bridge } from '../../bridge';
import { reads } from '../../data/queries';
import { useCan } from '../../hooks/useCan';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { hrefFor, navigate } from '../../routes';
import { PaymentActions } from '../payments/PaymentActions';

const item = columnsOf<PurchasedItem>();
const ITEM_COLUMNS = [
  item.text('item', 'Item', (i) => i.itemName ?? i.itemId),
  item.text('student', 'Student', (i) => i.studentName ?? i.studentNumber),
  item.code('account', 'Account', (i) => i.glAccountId),
  item.money('amount', 'Amount', (i) => i.amountCents),
];

export function TransactionDetailView({ id }: { id: number }) {
  const query = useQuery(reads.transaction(id));
  useFreshDetails(id, query.data?.transaction.payerName === null);
  useShortcuts({ Escape: () => navigate('transactions') });

  return (
    <DetailPage
      view="transactions"
      title="Transactions"
      item={`Transaction ${id}`}
      query={query}
      loading="Loading the transaction…"
    >
      {({ transaction: txn, payeeName, changes, items }) => (
        <>
          <DetailHead
            title={`Transaction ${txn.id}`}
            payee={payeeName ?? `Payee ${txn.payeeId}`}
            date={txn.businessDate}
            method={txn.paymentMethod}
          >
            <StatusText status={txn.status} large />
          </DetailHead>
          <PaymentActions txn={txn} />
          <Facts
            facts={[
              moneyFact('Amount', txn.amountCents, { strong: true }),
              moneyFact('Convenience fee', txn.convenienceFeeCents),
              moneyFact('Tax', txn.taxCents),
              moneyFact('Shipping', txn.shippingCents),
              moneyFact('Refunded', txn.amountRefundedCents),
            ]}
          />
          <Facts
            className="facts facts-grid"
            facts={[
              ['Order', txn.orderId ?? '—', 'mono'],
              ['Payer', txn.payerName ?? '—'],
              [
                'Batch',
                txn.batchId ? <a href={hrefFor('batches', txn.batchId)}>Batch {txn.batchId}</a> : 'Not batched yet',
              ],
              ['Status message', txn.statusMessage ?? '—'],
              ['Data', txn.data ?? '—', 'mono wrap'],
            ]}
          />

          <section className="panel" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Status timeline</h2>
            <StatusTimeline changes={changes} />
          </section>

          {items.length > 0 && (
            <section className="panel" aria-labelledby="items-title">
              <h2 id="items-title">Items purchased</h2>
              <StaticTable columns={ITEM_COLUMNS} rows={items} getRowId={(i) => i.itemId} />
            </section>
          )}
        </>
      )}
    </DetailPage>
  );
}

/**
 * The payer is not in the service's list: the sync's details phase fetches it, and a transaction
 * opened before that asks for it once (transactions.fetchDetails, a write: the read never fetches).
 */
function useFreshDetails(id: number, payerMissing: boolean) {
  const mayFetch = useCan('transactions.fetchDetails');
  const client = useQueryClient();
  useEffect(() => {
    if (!payerMissing || !mayFetch) return;
    bridge.call('transactions.fetchDetails', { id }).then(
      (detail) => client.setQueryData(reads.transaction(id).queryKey, detail),
      // Offline: the transaction shows what the list gave.
      () => undefined,
    );
  }, [id, payerMissing, mayFetch, client]);
}

function StatusTimeline({ changes }: { changes: TransactionDetail['changes'] }) {
  return (
    <Timeline entries={changes} empty="No status changes recorded." kindOf={(change) => change.kind}>
      {(change) => (
        <>
          <div>
            <strong>{CHANGE_KIND_LABELS[change.kind]}</strong>
            {change.fromStatus ? ` · ${change.fromStatus} → ${change.toStatus}` : ` · ${change.toStatus}`}
            {change.deltaCents !== null && (
              <>
                {' '}
                · <Difference cents={change.deltaCents} />
              </>
            )}
          </div>
          <div className="muted">
            Seen <Instant iso={change.seenAt} />
            {change.acknowledgedAt ? ' · reviewed' : ' · waiting for review'}
          </div>
          {change.detail && <div className="timeline-note">{change.detail}</div>}
        </>
      )}
    </Timeline>
  );
}
