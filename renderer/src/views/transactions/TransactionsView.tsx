import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { TRANSACTION_STATUSES } from '../../../../shared/domain';
import { DataTable } from '../../components/DataTable';
import { DateRange, FilterChoice, Form, TextField } from '../../components/Fields';
import { EmptyState, ErrorBanner, QueryStatus, type EmptyText } from '../../components/Status';
import { usePayees } from '../../data/queries';
import { transactionFilter, transactionList, type PagerState } from '../../data/transactionPages';
import { describeError } from '../../errors';
import { formatCount } from '../../format';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { useFilters } from '../../state/filters';
import { TRANSACTION_LIST_COLUMNS } from './columns';
import { TransactionDetailView } from './TransactionDetailView';

const SEARCH_PAUSE_MS = 250;
const NOTHING: PagerState = { pages: new Map(), paging: false, error: null };
const noUpdates = () => () => {};
const EMPTY: Record<'none' | 'noMatch', EmptyText> = {
  none: { title: 'No transactions yet.', hint: 'Transactions appear after the first sync.' },
  noMatch: { title: 'No transactions match.', hint: 'Try a transaction or order number, or part of the payer’s name.' },
};

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
  const { search, statuses, payeeIds, from, to } = useFilters((state) => state.transactions);
  const payees = usePayees();
  const payeeNames = new Map(payees.map((p) => [p.id, p.removed ? `${p.name} (removed)` : p.name]));
  const setFilter = useFilters((state) => state.set);
  const setSearch = useCallback((next: string) => setFilter('transactions', { search: next }), [setFilter]);
  // What is typed stays in the box even if the search fails.
  const [typed, setTyped] = useState(search);
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => setSearch(typed), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, setSearch]);
  useSearchKey();

  // While a new search runs, the last answer stays on screen.
  const query = useQuery({
    ...transactionList(transactionFilter(search, statuses, { payeeIds, from, to })),
    placeholderData: keepPreviousData,
  });
  const pager = query.data;
  const { pages, error } = useSyncExternalStore(pager?.subscribe ?? noUpdates, pager?.getSnapshot ?? (() => NOTHING));
  useEffect(() => () => pager?.stop(), [pager]);
  // A new pager (another search, or the list re-read after a sync) is told what is on screen at once.
  const onVisibleRange = useCallback((first: number, last: number) => void pager?.showRange(first, last), [pager]);
  // A new function whenever pages arrive, so the table draws them.
  const rowAt = useCallback((index: number) => (pages.size ? pager?.rowAt(index) : undefined), [pager, pages]);
  const count = pager?.count ?? 0;
  const filtered = search.trim() !== '' || statuses.length > 0 || payeeIds.length > 0 || from !== '' || to !== '';

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Transactions</h1>
      <Form className="filters" role="search" aria-label="Search transactions" onSubmit={() => setSearch(typed)}>
        <TextField
          label="Search"
          className="field-grow"
          data-search
          type="search"
          value={typed}
          placeholder="Transaction, order, payer or data"
          onChange={setTyped}
          aria-keyshortcuts="/"
        />
        <FilterChoice
          label="Status"
          any="Any status"
          values={TRANSACTION_STATUSES}
          labelOf={(status) => status}
          chosen={statuses}
          onChange={(chosen) => setFilter('transactions', { statuses: chosen })}
        />
        <FilterChoice
          label="Payee"
          any="All payees"
          values={payees.map((p) => p.id)}
          labelOf={(id) => payeeNames.get(id) ?? String(id)}
          chosen={payeeIds}
          onChange={(chosen) => setFilter('transactions', { payeeIds: chosen })}
        />
        <DateRange from={from} to={to} onChange={(patch) => setFilter('transactions', patch)} />
        {pager && (
          <p className="filters-count" role="status">
            {formatCount(count)} {count === 1 ? 'transaction' : 'transactions'}
          </p>
        )}
      </Form>
      <QueryStatus query={query} loading="Loading transactions…" />
      {pager && error !== null && <ErrorBanner message={describeError(error)} onRetry={() => void query.refetch()} />}
      {pager && (
        <DataTable
          label="Transactions"
          columns={TRANSACTION_LIST_COLUMNS}
          rowAt={rowAt}
          rowCount={count}
          getRowId={(txn) => String(txn.id)}
          onOpen={(txn) => navigate('transactions', txn.id)}
          onVisibleRange={onVisibleRange}
          keyboard
          empty={<EmptyState {...(filtered ? EMPTY.noMatch : EMPTY.none)} />}
        />
      )}
    </section>
  );
}
