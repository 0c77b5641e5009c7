import { useQuery } from '@tanstack/react-query';
import type { BatchSummary, Verdict } from '../../../../shared/domain';
import { columnsOf, pick } from '../../components/columns';
import { BusinessDate, Instant } from '../../components/Dates';
import { Difference } from '../../components/Money';
import { EmptyState, QueryStatus } from '../../components/Status';
import { StaticTable } from '../../components/StaticTable';
import { formatCount } from '../../format';
import { useShortcuts } from '../../hooks/useShortcuts';
import { CHANGE_KIND_LABELS } from '../../labels';
import { hrefFor } from '../../routes';
import { reads } from '../../data/queries';
import { useSync } from '../../data/sync';
import { BATCH_COLUMNS } from '../batches/columns';
import { DepositsChart } from './DepositsChart';
import { SyncPanel } from './SyncPanel';

const DEPOSITS_SHOWN = 12;
const DEPOSIT_COLUMNS = [
  columnsOf<BatchSummary>().cell('date', 'Business date (Central)', (batch) => (
    <a href={hrefFor('batches', batch.id)}>
      <BusinessDate date={batch.date} />
    </a>
  )),
  ...pick(BATCH_COLUMNS, ['payee', 'method', 'total', 'verdict', 'difference']),
];
const VERDICT_ORDER: Record<Verdict, number> = { differs: 0, incomplete: 1, ties_out: 2 };

/** What needs the bookkeeper first: deposits that do not tie out, then incomplete ones, newest first within each. */
function depositsFirst(batches: BatchSummary[]): BatchSummary[] {
  return [...batches].sort((a, b) => VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict]);
}

export function OverviewView() {
  const overview = useQuery(reads.overview());
  const data = overview.data;
  const { running, start } = useSync();
  useShortcuts({ r: () => !running && void start() });

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Overview</h1>
      <QueryStatus query={overview} loading="Loading the overview…" />
      <SyncPanel lastRun={data?.lastRun ?? null} nextRunAt={data?.nextRunAt ?? null} />
      {data && (
        <div className="overview-grid">
          <section className="panel" aria-labelledby="deposits-title">
            <div className="panel-head">
              <h2 id="deposits-title">New deposits since the last sign-off</h2>
              <a href={hrefFor('batches')}>All batches</a>
            </div>
            {data.newDeposits.length === 0 ? (
              <EmptyState title="Every deposit is signed off.">
                <p>New deposits appear here after the next sync.</p>
              </EmptyState>
            ) : (
              <StaticTable
                labelledBy="deposits-title"
                columns={DEPOSIT_COLUMNS}
                rows={depositsFirst(data.newDeposits).slice(0, DEPOSITS_SHOWN)}
                getRowId={(batch) => batch.id}
              />
            )}
            {data.newDeposits.length > DEPOSITS_SHOWN && (
              <p className="muted table-more">
                And {formatCount(data.newDeposits.length - DEPOSITS_SHOWN)} more:{' '}
                <a href={hrefFor('batches')}>see all batches</a>.
              </p>
            )}
          </section>

          <section className="panel" aria-labelledby="changes-title">
            <div className="panel-head">
              <h2 id="changes-title">Changes waiting for review</h2>
              <a href={hrefFor('changes')}>Review changes</a>
            </div>
            <p className="big-number">
              {formatCount(data.changesToReview)}{' '}
              <span className="muted">{data.changesToReview === 1 ? 'change' : 'changes'}</span>
            </p>
            {data.latestChanges.length > 0 && (
              <ul className="compact-list">
                {data.latestChanges.map((change) => (
                  <li key={change.id}>
                    <span className={`badge kind kind-${change.kind}`}>{CHANGE_KIND_LABELS[change.kind]}</span>{' '}
                    <a href={hrefFor('transactions', change.transactionId)}>Transaction {change.transactionId}</a>
                    {change.deltaCents !== null && (
                      <>
                        {' '}
                        <Difference cents={change.deltaCents} />
                      </>
                    )}
                    <div className="muted small">
                      Seen <Instant iso={change.seenAt} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="panel" aria-labelledby="reopened-title">
            <div className="panel-head">
              <h2 id="reopened-title">Changed after sign-off</h2>
            </div>
            {data.reopened.length === 0 ? (
              <p className="muted">Nothing signed off has changed since.</p>
            ) : (
              <ul className="compact-list">
                {data.reopened.map((batch) => (
                  <li key={batch.id}>
                    <a href={hrefFor('batches', batch.id)}>
                      Batch {batch.id} · <BusinessDate date={batch.date} />
                    </a>{' '}
                    <span>{batch.payeeName ?? `Payee ${batch.payeeId}`}</span>
                    {batch.reopenReason && <div className="muted">{batch.reopenReason}</div>}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="panel panel-wide" aria-labelledby="chart-title">
            <div className="panel-head">
              <h2 id="chart-title">Daily deposits</h2>
            </div>
            <DepositsChart deposits={data.dailyDeposits} payees={data.payees} />
          </section>
        </div>
      )}
    </section>
  );
}
