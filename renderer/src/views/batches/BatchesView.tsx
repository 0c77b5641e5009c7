import { DataTable } from '../../components/DataTable';
import { EmptyState, QueryStatus, type EmptyText } from '../../components/Status';
import { usePayees } from '../../data/queries';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';
import { BatchDetailView } from './BatchDetailView';
import { BatchFilters } from './BatchFilters';
import { BulkSignOff } from './BulkSignOff';
import { BATCH_COLUMNS } from './columns';

const EMPTY: Record<'none' | 'noMatch', EmptyText> = {
  none: { title: 'No batches yet.', hint: 'Deposits appear here after a sync brings them in.' },
  noMatch: { title: 'No batches match these filters.', hint: 'Widen the date range or clear a filter.' },
};

export function BatchesView({ itemId }: { itemId: string | null }) {
  if (itemId) return <BatchDetailView id={itemId} />;
  return <BatchList />;
}

function BatchList() {
  const filter = useFilters((state) => state.batches);
  const setFilter = useFilters((state) => state.set);
  const { query, rows, table } = usePagedList('batches.list', { filter, limit: PAGE_LIMIT });
  const payees = usePayees();
  useSearchKey();

  const filtered = Object.keys(filter).length > 0;
  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Batches</h1>
      <BatchFilters filter={filter} payees={payees} onChange={(patch) => setFilter('batches', patch)} />
      <QueryStatus query={query} loading="Loading batches…" />
      {filter.notSignedOff && query.data && <BulkSignOff rows={rows} />}
      {query.data && (
        <div className="batches-table">
          <DataTable
            label="Batches"
            columns={BATCH_COLUMNS}
            {...table}
            getRowId={(batch) => batch.id}
            onOpen={(batch) => navigate('batches', batch.id)}
            keyboard
            empty={<EmptyState {...(filtered ? EMPTY.noMatch : EMPTY.none)} />}
          />
        </div>
      )}
    </section>
  );
}
