/**
 * Money that went back after a deposit (refunds, ACH returns, settled voids): each is posted in the
 * journal of the day the sync first saw it, not in its deposit's (DESIGN.md §6). Shown under a batch
 * ("After the deposit") and beside the deposits in the GL Batches view.
 */
import type { Reversal, ReversalKind } from '../../../shared/domain';
import { hrefFor } from '../routes';
import { columnsOf } from './columns';
import { StaticTable } from './StaticTable';

export const REVERSAL_KIND_LABELS: Record<ReversalKind, string> = {
  refund: 'Refund',
  return: 'ACH return',
  void: 'Void after settlement',
};

const col = columnsOf<Reversal>();

const COLUMNS = [
  col.date('date', 'Seen (Central)', (r) => r.date, '120px'),
  col.cell('kind', 'Kind', (r) => REVERSAL_KIND_LABELS[r.kind]),
  col.cell('transaction', 'Transaction', (r) => (
    <a href={hrefFor('transactions', r.transactionId)} className="mono">
      {r.transactionId}
    </a>
  )),
  col.cell('batch', 'Deposit', (r) => (
    <a href={hrefFor('batches', r.batchId)} className="mono">
      {r.batchId}
    </a>
  )),
  col.cell('period', 'Posted in', (r) =>
    r.exportId === null ? `${r.period} (not exported yet)` : `${r.period}, export #${r.exportId}`,
  ),
  col.money('amount', 'Amount', (r) => r.amountCents, '108px'),
];

export function ReversalTable({ reversals, empty }: { reversals: Reversal[]; empty: string }) {
  return <StaticTable columns={COLUMNS} rows={reversals} getRowId={(r) => String(r.changeId)} empty={empty} />;
}
