import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InTransitBatch } from '../../../../shared/domain';
import { StaticTable } from '../../components/StaticTable';
import { columnsOf } from '../../components/columns';
import { QueryStatus } from '../../components/Status';
import { bankReads } from '../../data/bank';
import { payeeName, usePayees } from '../../data/queries';
import { formatCount, methodLabel } from '../../format';
import { hrefFor } from '../../routes';
import { ExplainDialog } from './BankDialogs';

/** Deposits past the matching window with no bank line: each can be explained (deposited by hand, lost). */
export function InTransitPanel() {
  const query = useQuery(bankReads.inTransit());
  const payees = usePayees();
  const [explaining, setExplaining] = useState<InTransitBatch | null>(null);
  const data = query.data;
  const b = columnsOf<InTransitBatch>();
  const columns = [
    b.date('date', 'Batch date', (x) => x.date, '120px'),
    b.cell('batch', 'Batch', (x) => <a href={hrefFor('batches', x.batchId)}>Batch {x.batchId}</a>),
    b.text('payee', 'Payee', (x) => payeeName(payees, x.payeeId)),
    b.text('method', 'Method', (x) => methodLabel(x.paymentMethod)),
    b.money('total', 'Total', (x) => x.totalCents),
    b.money('net', 'Net of fees', (x) => x.partialCents),
    b.numeric('age', 'Age (business days)', (x) => <span className="num-text">{formatCount(x.ageDays)}</span>),
    b.cell('explain', 'Action', (x) => (
      <button
        type="button"
        className="button button-small"
        onClick={() => setExplaining(x)}
        aria-label={`Explain batch ${x.batchId}`}
      >
        Explain…
      </button>
    )),
  ];
  return (
    <section className="panel" aria-labelledby="in-transit-title">
      <h2 id="in-transit-title">In transit{data ? ` (${formatCount(data.batches.length)})` : ''}</h2>
      {data && (
        <p className="hint">
          Deposits with no bank line {data.windowDays} business days after their batch date, oldest first.
          {data.truncated ? ' Only the oldest 1,000 are listed.' : ''}
        </p>
      )}
      <QueryStatus query={query} loading="Loading deposits in transit…" />
      {data && (
        <StaticTable
          columns={columns}
          rows={data.batches}
          getRowId={(x) => x.batchId}
          caption="Deposits in transit"
          captionHidden
          rowHeader="batch"
          empty="Nothing in transit: every deposit past the window has its bank line or an explanation."
        />
      )}
      {explaining && (
        <ExplainDialog
          target={{ batchId: explaining.batchId }}
          title={`Explain batch ${explaining.batchId}`}
          onClose={() => setExplaining(null)}
        />
      )}
    </section>
  );
}
