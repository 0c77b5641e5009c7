/** The morning Overview: last sync, what needs the bookkeeper (morning.ts), new deposits, changes to review. */
import type { Overview } from '../../../shared/contract';
import { addDays, nextScheduled, todayCentral, toIsoUtc, type Clock } from '../../../shared/time';
import { batchesInReviewState, dailyDepositTotals, summaryOf, toChange } from '../store/batches';
import { countUnacknowledged, listChangeRows, listPayees } from '../store/transactions';
import type { ReadableDB } from '../store/work';
import { latestReviews } from '../store/reviews';
import { listRuns } from '../store/syncState';
import { morningNews } from './morning';

const LIST_LIMIT = 50;
const DEPOSIT_DAYS = 30;

/** What the Overview shows of the data itself: the same for every caller until the data change. */
export type OverviewSummary = Omit<Overview, 'lastRun' | 'nextRunAt'>;

/** The Overview: the summary of the data (`summary`, computed or kept) with the last run and the next. */
export async function getOverview(
  reader: ReadableDB,
  clock: Clock,
  schedule: { enabled: boolean; time: string },
  summary: Promise<OverviewSummary>,
): Promise<Overview> {
  const [lastRun, rest] = await Promise.all([listRuns(reader, 1), summary]);
  return {
    lastRun: lastRun[0] ?? null,
    nextRunAt: schedule.enabled ? toIsoUtc(nextScheduled(clock.now(), schedule.time)) : null,
    ...rest,
  };
}

/** Everything the Overview shows but the runs: deposits, changes, what needs the bookkeeper, as of today. */
export async function overviewSummary(
  reader: ReadableDB,
  clock: Clock,
  bankWindowDays?: number,
  /** The Changes view's count when the caller keeps it (cachedReads.ts); else counted here. */
  changesToReviewCount: Promise<number> = countUnacknowledged(reader),
): Promise<OverviewSummary> {
  const batchesIn = async (state: 'open' | 'reopened') => {
    const rows = await batchesInReviewState(reader, state, LIST_LIMIT);
    const reviews = await latestReviews(
      reader,
      rows.map((r) => r.id),
    );
    return rows.map((row) => summaryOf(row, reviews.get(row.id)));
  };
  const today = todayCentral(clock);
  const [newDeposits, reopened, changesToReview, latestChanges, dailyDeposits, news] = await Promise.all([
    batchesIn('open'),
    batchesIn('reopened'),
    changesToReviewCount,
    listChangeRows(reader, { unacknowledgedOnly: true, limit: 20 }),
    dailyDepositTotals(reader, addDays(today, -DEPOSIT_DAYS)),
    morningNews(reader, clock, bankWindowDays),
  ]);
  return {
    newDeposits,
    changesToReview,
    latestChanges: latestChanges.map(toChange),
    reopened,
    dailyDeposits,
    payees: (await listPayees(reader)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
    ...news,
  };
}
