import { createColumnHelper } from '@tanstack/react-table';
import { useEffect } from 'react';
import type { GlBatch } from '../../../../shared/domain';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { BusinessDate } from '../../components/Dates';
import { Money } from '../../components/Money';
import { EmptyState, ErrorBanner, Loading } from '../../components/Status';
import { formatCount } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { useGlBatchesStore } from '../../state/glBatchesStore';
import { payeeName, usePayeesStore } from '../../state/payeesStore';
import { AccountTotals } from './AccountTotals';
import { ExportPanel } from './ExportPanel';
import { GlFilters } from './GlFilters';

const column = createColumnHelper<GlBatch>();

export function GlBatchesView() {
  const { status, report, error, filter, setFilter, load } = useGlBatchesStore();
  const payees = usePayeesStore((state) => state.payees);
  const loadPayees = usePayeesStore((state) => state.load);
  useEffect(() => {
    void load();
    void loadPayees();
  }, [load, loadPayees]);
  useEngineRefresh(['glBatches', 'exports'], () => void load());
  useSearchKey();

  const columns: TableColumn<GlBatch>[] = [
    column.display({
      id: 'date',
      header: 'Business date (Central)',
      cell: ({ row }) => <BusinessDate date={row.original.date} />,
      meta: { width: '170px' },
    }),
    column.display({
      id: 'batch',
      header: 'Batch',
      cell: ({ row }) => <span className="mono">{row.original.batchId}</span>,
      meta: { width: '110px' },
    }),
    column.display({
      id: 'payee',
      header: 'Payee',
      cell: ({ row }) => payeeName(payees, row.original.payeeId),
      meta: { width: 'minmax(140px, 2fr)' },
    }),
    column.display({
      id: 'account',
      header: 'Account',
      cell: ({ row }) => <span className="mono">{row.original.glNumber ?? 'Unassigned'}</span>,
      meta: { width: '150px' },
    }),
    column.display({
      id: 'label',
      header: 'Description',
      cell: ({ row }) => row.original.glLabel ?? '—',
      meta: { width: 'minmax(140px, 2fr)' },
    }),
    column.display({
      id: 'count',
      header: 'Count',
      cell: ({ row }) => <span className="num-text">{formatCount(row.original.count)}</span>,
      meta: { align: 'right', width: '70px' },
    }),
    column.display({
      id: 'amount',
      header: 'Amount',
      cell: ({ row }) => <Money cents={row.original.amountCents} />,
      meta: { align: 'right', width: '120px' },
    }),
    column.display({
      id: 'net',
      header: 'Without fees',
      cell: ({ row }) => <Money cents={row.original.amountWithoutFeesCents} />,
      meta: { align: 'right', width: '120px' },
    }),
  ];

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">GL Batches</h1>
      <GlFilters filter={filter} payees={payees} onChange={setFilter} />
      {status === 'error' && error && <ErrorBanner message={error} onRetry={() => void load()} />}
      {(status === 'loading' || status === 'idle') && <Loading label="Loading GL batches…" />}
      <ExportPanel disabled={status !== 'ready' || !report || report.rowCount === 0} />
      {status === 'ready' && report && report.rowCount === 0 && (
        <EmptyState title="No GL batches in this range.">
          <p>Choose other dates, payees or methods; GL batches arrive with the nightly sync.</p>
        </EmptyState>
      )}
      {status === 'ready' && report && report.rowCount > 0 && (
        <>
          <AccountTotals report={report} />
          {report.truncated && (
            <p className="muted" role="note">
              Showing the first {formatCount(report.rows.length)} lines; the export writes all{' '}
              {formatCount(report.rowCount)}.
            </p>
          )}
          <h2 className="section-title">Lines</h2>
          <DataTable
            label="GL batch lines"
            columns={columns}
            rows={report.rows}
            getRowId={(line) => line.glBatchId}
            onOpen={(line) => navigate('batches', line.batchId)}
            keyboard
            height="420px"
          />
        </>
      )}
    </section>
  );
}
