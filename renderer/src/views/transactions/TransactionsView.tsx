import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useState } from 'react';
import { TRANSACTION_STATUSES, type Transaction, type TransactionStatus } from '../../../../shared/domain';
import { DataTable, type TableColumn } from '../../components/DataTable';
import { BusinessDate } from '../../components/Dates';
import { Money } from '../../components/Money';
import { EmptyState, ErrorBanner, Loading } from '../../components/Status';
import { formatCount, methodLabel } from '../../format';
import { useEngineRefresh } from '../../hooks/useEngineRefresh';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { transactionAt, useTransactionsStore } from '../../state/transactionsStore';
import { TransactionDetailView } from './TransactionDetailView';

const SEARCH_PAUSE_MS = 250;
const column = createColumnHelper<Transaction>();
const COLUMNS: TableColumn<Transaction>[] = [
  column.display({
    id: 'date',
    header: 'Business date (Central)',
    cell: ({ row }) => <BusinessDate date={row.original.businessDate} />,
    meta: { width: '170px' },
  }),
  column.display({
    id: 'id',
    header: 'Transaction',
    cell: ({ row }) => <span className="mono">{row.original.id}</span>,
    meta: { width: '110px' },
  }),
  column.display({
    id: 'order',
    header: 'Order',
    cell: ({ row }) => <span className="mono">{row.original.orderId ?? '—'}</span>,
    meta: { width: '100px' },
  }),
  column.display({
    id: 'payer',
    header: 'Payer',
    cell: ({ row }) =>
      row.original.payerName ?? (
        <span
          className="muted"
          title="The service lists transactions without the payer; opening a transaction fetches it."
        >
          —
        </span>
      ),
    meta: { width: 'minmax(140px, 2fr)' },
  }),
  column.display({
    id: 'method',
    header: 'Method',
    cell: ({ row }) => methodLabel(row.original.paymentMethod),
    meta: { width: '80px' },
  }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <span className={`status status-${row.original.status.toLowerCase()}`}>{row.original.status}</span>
    ),
    meta: { width: '100px' },
  }),
  column.display({
    id: 'batch',
    header: 'Batch',
    cell: ({ row }) => <span className="mono">{row.original.batchId ?? '—'}</span>,
    meta: { width: '100px' },
  }),
  column.display({
    id: 'amount',
    header: 'Amount',
    cell: ({ row }) => <Money cents={row.original.amountCents} />,
    meta: { align: 'right', width: '120px' },
  }),
  column.display({
    id: 'refunded',
    header: 'Refunded',
    cell: ({ row }) =>
      row.original.amountRefundedCents ? (
        <Money cents={row.original.amountRefundedCents} />
      ) : (
        <span className="muted">—</span>
      ),
    meta: { align: 'right', width: '110px' },
  }),
];

export function TransactionsView({ itemId }: { itemId: string | null }) {
  const id = itemId ? Number(itemId) : NaN;
  if (itemId) return Number.isSafeInteger(id) && id > 0 ? <TransactionDetailView id={id} /> : <TransactionNotFound />;
  return <TransactionList />;
}

function TransactionNotFound() {
  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Transaction</h1>
      <ErrorBanner message="That is not a transaction number. Go back to Transactions and pick one from the list." />
    </section>
  );
}

function TransactionList() {
  const { status, pages, count, error, search, statuses, setSearch, setStatuses, load, showRange } =
    useTransactionsStore();
  // What is typed stays in the box even if the search fails.
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setSearch]);
  useEngineRefresh(['transactions'], () => void load());
  useSearchKey();

  const onVisibleRange = useCallback((first: number, last: number) => void showRange(first, last), [showRange]);
  const rowAt = useCallback((index: number) => transactionAt(pages, index), [pages]);
  const filtered = search.trim() !== '' || statuses.length > 0;

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Transactions</h1>
      <form
        className="filters"
        role="search"
        aria-label="Search transactions"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(typed);
        }}
      >
        <label className="field field-grow">
          <span>Search</span>
          <input
            data-search
            type="search"
            value={typed}
            placeholder="Transaction, order, payer or data"
            onChange={(event) => setTyped(event.target.value)}
            aria-keyshortcuts="/"
          />
        </label>
        <label className="field">
          <span>Status</span>
          <select
            value={statuses[0] ?? ''}
            onChange={(event) => setStatuses(event.target.value ? [event.target.value as TransactionStatus] : [])}
          >
            <option value="">Any status</option>
            {TRANSACTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {status === 'ready' && (
          <p className="filters-count" role="status">
            {formatCount(count)} {count === 1 ? 'transaction' : 'transactions'}
          </p>
        )}
      </form>
      {error && <ErrorBanner message={error} onRetry={() => void load()} />}
      {(status === 'loading' || status === 'idle') && <Loading label="Loading transactions…" />}
      {status === 'ready' && count === 0 && (
        <EmptyState title={filtered ? 'No transactions match.' : 'No transactions yet.'}>
          <p>
            {filtered
              ? 'Try a transaction or order number, or part of the payer’s name.'
              : 'Transactions appear after the first sync.'}
          </p>
        </EmptyState>
      )}
      {status === 'ready' && count > 0 && (
        <DataTable
          label="Transactions"
          columns={COLUMNS}
          rowAt={rowAt}
          rowCount={count}
          getRowId={(txn) => String(txn.id)}
          onOpen={(txn) => navigate('transactions', txn.id)}
          onVisibleRange={onVisibleRange}
          keyboard
        />
      )}
    </section>
  );
}
