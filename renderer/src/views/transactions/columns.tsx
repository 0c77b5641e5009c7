import type { Transaction } from '../../../../shared/domain';
import { columnsOf, pick } from '../../components/columns';
import { methodLabel } from '../../format';

const txn = columnsOf<Transaction>();

const payerUnknown = (
  <span className="muted" title="The service lists transactions without the payer; opening a transaction fetches it.">
    —
  </span>
);

export const TRANSACTION_COLUMNS = [
  txn.date('date', 'Business date (Central)', (t) => t.businessDate, '170px'),
  txn.code('id', 'Transaction', (t) => t.id, '110px'),
  txn.code('order', 'Order', (t) => t.orderId, '100px'),
  txn.text('payer', 'Payer', (t) => t.payerName ?? payerUnknown, 'minmax(140px, 2fr)'),
  txn.text('method', 'Method', (t) => methodLabel(t.paymentMethod), '80px'),
  txn.status('status', 'Status', (t) => t.status, '100px'),
  txn.code('batch', 'Batch', (t) => t.batchId, '100px'),
  txn.money('amount', 'Amount', (t) => t.amountCents, '120px'),
  txn.money('fee', 'Fee', (t) => t.convenienceFeeCents, '100px'),
  txn.money('refunded', 'Refunded', (t) => t.amountRefundedCents || null, '110px'),
];

export const TRANSACTION_LIST_COLUMNS = pick(TRANSACTION_COLUMNS, [
  'date',
  'id',
  'order',
  'payer',
  'method',
  'status',
  'batch',
  'amount',
  'refunded',
]);
