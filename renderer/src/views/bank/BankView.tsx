import { useQuery } from '@tanstack/react-query';
import type { BankLineSummary } from '../../../../shared/domain';
import { BANK_LINE_STATUSES } from '../../../../shared/domain';
import { DataTable } from '../../components/DataTable';
import { ChoiceField, DateRange, optionsOf } from '../../components/Fields';
import { columnsOf } from '../../components/columns';
import { EmptyState, QueryStatus, type EmptyText } from '../../components/Status';
import { bankLineFilter, bankReads } from '../../data/bank';
import { PAGE_LIMIT, usePagedList } from '../../data/usePagedList';
import { formatCount } from '../../format';
import { useCan } from '../../hooks/useCan';
import { useSearchKey } from '../../hooks/useSearchKey';
import { navigate } from '../../routes';
import { BankLineView } from './BankLineView';
import { BANK_STATUS_LABELS, BankStatusBadge, businessDaysSince, matchSummary } from './bankLabels';
import { useBankFilter } from './bankFilter';
import { ImportPanel } from './ImportPanel';
import { InTransitPanel } from './InTransitPanel';
import './bank.css';

export function BankView({ itemId }: { itemId: string | null }) {
  if (itemId) return <BankLineView id={Number(itemId)} />;
  return <BankList />;
}

const EMPTY: Record<'none' | 'noMatch', EmptyText> = {
  none: {
    title: 'No bank statement imported yet.',
    hint: "Import the bank's BAI2, OFX or CSV statement above; its lines are matched to deposits.",
  },
  noMatch: { title: 'No bank lines match these filters.', hint: 'Widen the date range or choose All lines.' },
};

const line = columnsOf<BankLineSummary>();

/** Lines with their match state; an open line's age is counted to the engine's today (inTransit.asOf). */
function lineColumns(today: string | undefined) {
  return [
    line.date('date', 'Posted', (l) => l.postedDate, '120px'),
    line.money('amount', 'Amount', (l) => l.amountCents, '120px'),
    line.cell('status', 'Match', (l) => <BankStatusBadge status={l.status} />, '124px'),
    line.text('match', 'Deposit', (l) => matchSummary(l), 'minmax(170px, 1.4fr)'),
    line.numeric(
      'age',
      'Age',
      (l) =>
        today && (l.status === 'unmatched' || l.status === 'suggested') ? (
          <span className="num-text">{formatCount(businessDaysSince(l.postedDate, today))} d</span>
        ) : null,
      '64px',
    ),
    line.text('text', 'Description', (l) => l.text || null, 'minmax(200px, 2fr)'),
    line.code('reference', 'Bank reference', (l) => l.bankReference || null, '170px'),
  ];
}

function BankList() {
  const filter = useBankFilter((s) => s.filter);
  const setFilter = useBankFilter((s) => s.set);
  const { query, table } = usePagedList('bank.lines', { filter: bankLineFilter(filter), limit: PAGE_LIMIT });
  const today = useQuery(bankReads.inTransit()).data?.asOf;
  // Importing and its CSV mappings need a preparer; a viewer reads the lines.
  const mayImport = useCan('bank.import');
  useSearchKey();
  const filtered = Boolean(filter.status || filter.direction || filter.from || filter.to);

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Bank</h1>
      {mayImport && <ImportPanel />}
      <section className="panel" aria-labelledby="bank-lines-title">
        <h2 id="bank-lines-title">Statement lines</h2>
        <form
          className="filters"
          role="search"
          aria-label="Filter bank lines"
          onSubmit={(event) => event.preventDefault()}
        >
          <ChoiceField
            label="Match"
            search
            value={filter.status}
            any="All lines"
            options={[
              { value: 'open', label: 'Needs you (suggested or unmatched)' },
              ...optionsOf(BANK_LINE_STATUSES, (s) => BANK_STATUS_LABELS[s]),
            ]}
            onChange={(value) => setFilter({ status: value as typeof filter.status })}
          />
          <ChoiceField
            label="Direction"
            value={filter.direction}
            any="Money in and out"
            options={[
              { value: 'credit', label: 'Money in (deposits)' },
              { value: 'debit', label: 'Money out (fees, returns)' },
            ]}
            onChange={(value) => setFilter({ direction: value as typeof filter.direction })}
          />
          <DateRange from={filter.from} to={filter.to} onChange={setFilter} />
        </form>
        <QueryStatus query={query} loading="Loading bank lines…" />
        {query.data && (
          <DataTable
            label="Bank lines"
            columns={lineColumns(today)}
            {...table}
            getRowId={(l) => String(l.id)}
            onOpen={(l) => navigate('bank', l.id)}
            keyboard
            height="min(60vh, 560px)"
            empty={<EmptyState {...(filtered ? EMPTY.noMatch : EMPTY.none)} />}
          />
        )}
      </section>
      <InTransitPanel />
    </section>
  );
}
