import { useEffect } from 'react';
import { BusinessDate, Instant } from '../../components/Dates';
import { Difference, Money } from '../../components/Money';
import { ErrorBanner, Loading } from '../../components/Status';
import { methodLabel } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { hrefFor, navigate } from '../../routes';
import { useTransactionDetailStore } from '../../state/transactionDetailStore';

export function TransactionDetailView({ id }: { id: number }) {
  const { status, detail, error, load } = useTransactionDetailStore();
  useEffect(() => {
    void load(id);
  }, [id, load]);
  useEngineRefresh(['transactions', 'changes'], () => void load(id));
  useShortcuts({ Escape: () => navigate('transactions') });

  const txn = detail?.transaction;
  return (
    <section aria-labelledby="view-title" className="view">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <a href={hrefFor('transactions')}>Transactions</a> <span aria-hidden="true">›</span>{' '}
        <span>Transaction {id}</span>
      </nav>
      {status === 'loading' && <Loading label="Loading the transaction…" />}
      {status === 'error' && error && <ErrorBanner message={error} onRetry={() => void load(id)} />}
      {detail && txn && (
        <>
          <div className="detail-head">
            <div>
              <h1 id="view-title">
                Transaction {txn.id} <span className="muted">· {detail.payeeName ?? `Payee ${txn.payeeId}`}</span>
              </h1>
              <p className="muted">
                Business date (Central): <BusinessDate date={txn.businessDate} /> · {methodLabel(txn.paymentMethod)}
              </p>
            </div>
            <span className={`status status-large status-${txn.status.toLowerCase()}`}>{txn.status}</span>
          </div>
          <dl className="totals">
            <div>
              <dt>Amount</dt>
              <dd>
                <Money cents={txn.amountCents} strong />
              </dd>
            </div>
            <div>
              <dt>Convenience fee</dt>
              <dd>
                <Money cents={txn.convenienceFeeCents} />
              </dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>
                <Money cents={txn.taxCents} />
              </dd>
            </div>
            <div>
              <dt>Shipping</dt>
              <dd>
                <Money cents={txn.shippingCents} />
              </dd>
            </div>
            <div>
              <dt>Refunded</dt>
              <dd>
                <Money cents={txn.amountRefundedCents} />
              </dd>
            </div>
          </dl>
          <dl className="facts facts-grid">
            <div>
              <dt>Order</dt>
              <dd className="mono">{txn.orderId ?? '—'}</dd>
            </div>
            <div>
              <dt>Payer</dt>
              <dd>{txn.payerName ?? '—'}</dd>
            </div>
            <div>
              <dt>Batch</dt>
              <dd>
                {txn.batchId ? <a href={hrefFor('batches', txn.batchId)}>Batch {txn.batchId}</a> : 'Not batched yet'}
              </dd>
            </div>
            <div>
              <dt>Status message</dt>
              <dd>{txn.statusMessage ?? '—'}</dd>
            </div>
            <div>
              <dt>Data</dt>
              <dd className="mono wrap">{txn.data ?? '—'}</dd>
            </div>
          </dl>

          <section className="panel" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Status timeline</h2>
            {detail.changes.length === 0 ? (
              <p className="muted">No status changes recorded.</p>
            ) : (
              <ol className="timeline">
                {detail.changes.map((change) => (
                  <li key={change.id} className={`timeline-item timeline-${change.kind}`}>
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
                  </li>
                ))}
              </ol>
            )}
          </section>

          {detail.items.length > 0 && (
            <section className="panel" aria-labelledby="items-title">
              <h2 id="items-title">Items purchased</h2>
              <table className="simple-table">
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Student</th>
                    <th scope="col">Account</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {detail.items.map((item) => (
                    <tr key={item.itemId}>
                      <td>{item.itemName ?? item.itemId}</td>
                      <td>{item.studentName ?? item.studentNumber ?? '—'}</td>
                      <td className="mono">{item.glAccountId ?? '—'}</td>
                      <td className="num">
                        <Money cents={item.amountCents} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </>
      )}
    </section>
  );
}
