import type { GlBatch, Transaction } from '../../../../shared/domain';
import { Money } from '../../components/Money';
import { formatCount, methodLabel } from '../../format';
import { hrefFor } from '../../routes';

export function BatchTransactions({ transactions }: { transactions: Transaction[] }) {
  if (transactions.length === 0) return <p className="muted">No transactions of this batch are synced yet.</p>;
  return (
    <div className="table-scroll">
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">Transaction</th>
            <th scope="col">Order</th>
            <th scope="col">Payer</th>
            <th scope="col">Method</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Fee
            </th>
            <th scope="col" className="num">
              Refunded
            </th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((txn) => (
            <tr key={txn.id}>
              <td>
                <a href={hrefFor('transactions', txn.id)} className="mono">
                  {txn.id}
                </a>
              </td>
              <td className="mono">{txn.orderId ?? '—'}</td>
              <td>{txn.payerName ?? <span className="muted">—</span>}</td>
              <td>{methodLabel(txn.paymentMethod)}</td>
              <td>
                <span className={`status status-${txn.status.toLowerCase()}`}>{txn.status}</span>
              </td>
              <td className="num">
                <Money cents={txn.amountCents} />
              </td>
              <td className="num">
                <Money cents={txn.convenienceFeeCents} />
              </td>
              <td className="num">
                {txn.amountRefundedCents ? <Money cents={txn.amountRefundedCents} /> : <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function GlLines({ lines }: { lines: GlBatch[] }) {
  if (lines.length === 0) return <p className="muted">No GL batch lines for this batch are synced yet.</p>;
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  const net = lines.reduce((sum, line) => sum + line.amountWithoutFeesCents, 0);
  return (
    <table className="simple-table">
      <thead>
        <tr>
          <th scope="col">Account</th>
          <th scope="col">Description</th>
          <th scope="col" className="num">
            Count
          </th>
          <th scope="col" className="num">
            Amount
          </th>
          <th scope="col" className="num">
            Without fees
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.glBatchId}>
            <td className="mono">{line.glNumber ?? 'Unassigned'}</td>
            <td>{line.glLabel ?? <span className="muted">—</span>}</td>
            <td className="num num-text">{formatCount(line.count)}</td>
            <td className="num">
              <Money cents={line.amountCents} />
            </td>
            <td className="num">
              <Money cents={line.amountWithoutFeesCents} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td className="num">
            <Money cents={total} strong />
          </td>
          <td className="num">
            <Money cents={net} strong />
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
