import { Instant } from '../../components/Dates';
import { formatTimeLeft } from '../../../../shared/estimate';
import { ProgressBar } from '../../components/ProgressBar';
import { ErrorBanner } from '../../components/Status';
import { formatCount } from '../../format';
import { SYNC_PHASE_LABELS } from '../../labels';
import { useSync } from '../../data/sync';
import { useCan } from '../../hooks/useCan';
import type { SyncRunSummary } from '../../../../shared/contract';

const RUN_STATUS: Record<SyncRunSummary['status'], string> = {
  running: 'running',
  succeeded: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** Last and next sync, Sync now, and the running sync's progress with Cancel. */
export function SyncPanel({ lastRun, nextRunAt }: { lastRun: SyncRunSummary | null; nextRunAt: string | null }) {
  const { running, progress, error, start, cancel, lastFinished } = useSync();
  const shownRun = lastFinished ?? lastRun;
  const maySync = useCan('sync.start');

  return (
    <section className="panel sync-panel" aria-labelledby="sync-title">
      <div className="panel-head">
        <h2 id="sync-title">Sync</h2>
        {!maySync ? null : running ? (
          <button type="button" className="button" onClick={() => void cancel()}>
            Cancel sync
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={() => void start()} aria-keyshortcuts="r">
            Sync now
          </button>
        )}
      </div>
      <dl className="facts">
        <div>
          <dt>Last sync</dt>
          <dd>
            {shownRun ? (
              <>
                <Instant iso={shownRun.finishedAt ?? shownRun.startedAt} />{' '}
                <span className="muted">({RUN_STATUS[shownRun.status]})</span>
              </>
            ) : (
              <span className="muted">Never</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Next scheduled sync</dt>
          <dd>{nextRunAt ? <Instant iso={nextRunAt} /> : <span className="muted">Not scheduled</span>}</dd>
        </div>
        {shownRun && shownRun.status === 'succeeded' && (
          <div>
            <dt>Last run brought in</dt>
            <dd>
              {formatCount(shownRun.transactionsInserted)} new, {formatCount(shownRun.transactionsUpdated)} updated
              transactions; {formatCount(shownRun.batchesSynced)} deposits
            </dd>
          </div>
        )}
      </dl>
      {running && (
        <ProgressBar
          label={progress ? `Syncing ${SYNC_PHASE_LABELS[progress.phase].toLowerCase()}` : 'Starting sync'}
          fraction={progress?.fraction ?? null}
          detail={
            progress
              ? [progress.message || `${formatCount(progress.rows)} rows`, formatTimeLeft(progress.etaSeconds)]
                  .filter(Boolean)
                  .join(' · ')
              : undefined
          }
        />
      )}
      {error && <ErrorBanner message={error} />}
    </section>
  );
}
