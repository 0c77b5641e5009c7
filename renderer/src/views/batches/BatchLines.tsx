import type { GlBatch, Transaction } from '../../../../shared/domain';
import { columnsOf, pick } from '../../components/columns';
import { StaticTable } from '../../components/StaticTable';
import { hrefFor } from '../../routes';
import { TRANSACTION_COLUMNS } from '../transactions/columns';
import { PaymentActions } from '../payments/PaymentActions';
import { glAmountColumns } from './columns';

const COLUMNS = [
  columnsOf<Transaction>().cell('id', 'Transaction', (txn) => (
    <a href={hrefFor('transactions', txn.id)} className="mono">
      {txn.id}
    </a>
  )),
  ...pick(TRANSACTION_COLUMNS, ['order', 'payer', 'method', 'status', 'amount', 'fee', 'refunded']),
  columnsOf<Transaction>().cell('act', 'Refund or void', (txn) => <PaymentActions txn={txn} compact />),
];

export function BatchTransactions({ transactions }: { transactions: Transaction[] }) {
  return (
    <StaticTable
      columns={COLUMNS}
      rows={transactions}
      getRowId={(txn) => String(txn.id)}
      empty="No transactions of this batch are synced yet."
      scroll
    />
  );
}

export function GlLines({ lines }: { lines: GlBatch[] }) {
  return (
    <StaticTable
      columns={glAmountColumns(lines)}
      rows={lines}
      getRowId={(line) => line.glBatchId}
      empty="No GL batch lines for this batch are synced yet."
    />
  );
}
