import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect } from 'react';
import type { BatchSummary } from '../../../../shared/domain';
import { ReviewBadge, VerdictBadge } from '../../components/Badges';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { BusinessDate } from '../../components/Dates';
import { Money } from '../../components/Money';
import { EmptyState, ErrorBanner, Loading } from '../../components/Status';
import { formatCount, methodLabel } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { useBatchesStore } from '../../state/batchesStore';
import { usePayeesStore } from '../../state/payeesStore';
import { BatchDetailView } from './BatchDetailView';
import { BatchFilters } from './BatchFilters';

const column = createColumnHelper<BatchSummary>();
const COLUMNS: TableColumn<BatchSummary>[] = [
  column.display({
    id: 'date',
    header: 'Business date (Central)',
    cell: ({ row }) => <BusinessDate date={row.original.date} />,
    meta: { width: '128px' },
  }),
  column.display({
    id: 'id',
    header: 'Batch',
    cell: ({ row }) => <span className="mono">{row.original.id}</span>,
    meta: { width: '84px' },
  }),
  column.display({
    id: 'payee',
    header: 'Payee',
    cell: ({ row }) => row.original.payeeName ?? `Payee ${row.original.payeeId}`,
    meta: { width: 'minmax(140px, 2fr)' },
  }),
  column.display({
    id: 'method',
    header: 'Method',
    cell: ({ row }) => methodLabel(row.original.paymentMethod),
    meta: { width: '72px' },
  }),
  column.display({
    id: 'count',
    header: 'Count',
    cell: ({ row }) => <span className="num-text">{formatCount(row.original.totalCount)}</span>,
    meta: { align: 'right', width: '60px' },
  }),
  column.display({
    id: 'total',
    header: 'Total',
    cell: ({ row }) => <Money cents={row.original.totalCents} />,
    meta: { align: 'right', width: '108px' },
  }),
  column.display({
    id: 'fees',
    header: 'Fees',
    cell: ({ row }) => <Money cents={row.original.feesCents} />,
    meta: { align: 'right', width: '88px' },
  }),
  column.display({
    id: 'net',
    header: 'Net',
    cell: ({ row }) => <Money cents={row.original.partialCents} />,
    meta: { align: 'right', width: '108px' },
  }),
  column.display({
    id: 'verdict',
    header: 'Tie-out',
    cell: ({ row }) => <VerdictBadge verdict={row.original.verdict} />,
    meta: { width: '96px' },
  }),
  column.display({
    id: 'difference',
    header: 'Off by',
    cell: ({ row }) =>
      row.original.verdict === 'differs' ? (
        <Money cents={row.original.differenceCents} />
      ) : (
        <span className="muted">—</span>
      ),
    meta: { align: 'right', width: '88px' },
  }),
  column.display({
    id: 'review',
    header: 'Review',
    cell: ({ row }) => <ReviewBadge state={row.original.reviewState} />,
    meta: { width: '104px' },
  }),
];

export function BatchesView({ itemId }: { itemId: string | null }) {
  if (itemId) return <BatchDetailView id={itemId} />;
  return <BatchList />;
}

function BatchList() {
  const { status, rows, error, filter, nextCursor, setFilter, load, loadMore } = useBatchesStore();
  const payees = usePayeesStore((state) => state.payees);
  const loadPayees = usePayeesStore((state) => state.load);
  useEffect(() => {
    void load();
    void loadPayees();
  }, [load, loadPayees]);
  useEngineRefresh(['batches'], () => void load());
  useSearchKey();

  const onVisibleRange = useCallback(
    (_first: number, last: number) => {
      if (last >= rows.length - 20 && nextCursor) void loadMore();
    },
    [rows.length, nextCursor, loadMore],
  );

  const filtered = Object.keys(filter).length > 0;
  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Batches</h1>
      <BatchFilters filter={filter} payees={payees} onChange={setFilter} />
      {status === 'error' && error && <ErrorBanner message={error} onRetry={() => void load()} />}
      {(status === 'loading' || status === 'idle') && <Loading label="Loading batches…" />}
      {status === 'ready' && rows.length === 0 && (
        <EmptyState title={filtered ? 'No batches match these filters.' : 'No batches yet.'}>
          <p>
            {filtered ? 'Widen the date range or clear a filter.' : 'Deposits appear here after a sync brings them in.'}
          </p>
        </EmptyState>
      )}
      {status === 'ready' && rows.length > 0 && (
        <DataTable
          label="Batches"
          columns={COLUMNS}
          rows={rows}
          rowCount={rows.length + (nextCursor ? 1 : 0)}
          getRowId={(batch) => batch.id}
          onOpen={(batch) => navigate('batches', batch.id)}
          onVisibleRange={onVisibleRange}
          keyboard
        />
      )}
    </section>
  );
}
