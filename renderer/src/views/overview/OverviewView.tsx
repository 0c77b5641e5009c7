import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../../components/Status';
import { reads } from '../../data/queries';
import { useSync } from '../../data/sync';
import { useCan } from '../../hooks/useCan';
import { useShortcuts } from '../../hooks/useShortcuts';
import { DepositsChart } from './DepositsChart';
import { NeedsYouPanel } from './NeedsYouPanel';
import { RoutineSummary } from './RoutineSummary';
import { SyncPanel } from './SyncPanel';
import './morning.css';

/**
 * The morning screen (issue 14): what needs the bookkeeper first, then the routine news folded in one
 * line, then the sync and the chart. The engine decides what needs action (overview.get's needsYou),
 * so this view and the notification after the nightly sync never disagree.
 */
export function OverviewView() {
  const overview = useQuery(reads.overview());
  const data = overview.data;
  const { running, start } = useSync();
  const maySync = useCan('sync.start');
  useShortcuts({ r: () => maySync && !running && void start() });

  return (
    <section aria-labelledby="view-title" className="view">
      <h1 id="view-title">Overview</h1>
      <QueryStatus query={overview} loading="Loading the overview…" />
      {data && (
        <>
          <NeedsYouPanel needsYou={data.needsYou} />
          <RoutineSummary
            routine={data.routine}
            needsYou={data.needsYou}
            syncing={running || data.lastRun?.status === 'running'}
          />
        </>
      )}
      <SyncPanel lastRun={data?.lastRun ?? null} nextRunAt={data?.nextRunAt ?? null} />
      {data && (
        <section className="panel" aria-labelledby="chart-title">
          <div className="panel-head">
            <h2 id="chart-title">Daily deposits</h2>
          </div>
          <DepositsChart deposits={data.dailyDeposits} payees={data.payees} />
        </section>
      )}
    </section>
  );
}
