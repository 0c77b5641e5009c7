/** The morning Overview: last sync, new deposits with verdicts, changes to review, re-opened batches. */
import { sql } from 'kysely';
import type { DailyDeposit, Overview, SyncRunSummary } from '../../../shared/contract';
import type { Payee } from '../../../shared/domain';
import { addDays, Temporal, todayCentral, CENTRAL_TIME_ZONE, toIsoUtc, type Clock } from '../../../shared/time';
import type { BatchRow } from '../store/schema';
import { summaryOf } from './batches';
import { ensureChecksFresh, type StoreLike } from './refresh';
import { latestReviews } from './reviewState';
import { toChange } from './rows';

const LIST_LIMIT = 50;
const DEPOSIT_DAYS = 30;

export async function getOverview(
  store: StoreLike,
  clock: Clock,
  schedule: { enabled: boolean; time: string },
): Promise<Overview> {
  const at = toIsoUtc(clock.now());
  await ensureChecksFresh(store, at);
  const lastAction = sql<
    string | null
  >`(SELECT r.action FROM batch_reviews r WHERE r.batch_id = b.id ORDER BY r.id DESC LIMIT 1)`;
  const batchesWhere = async (actions: 'open' | 'reopened') => {
    const rows = await store.db
      .selectFrom('batches as b')
      .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
      .leftJoin('payees as p', 'p.id', 'b.payee_id')
      .selectAll('b')
      .select(['p.name as payee_name', 'c.verdict', 'c.difference_cents'])
      .where((eb) =>
        actions === 'open'
          ? eb.or([eb(lastAction, 'is', null), eb(lastAction, '=', 'unsign')])
          : eb(lastAction, '=', 'reopen'),
      )
      .orderBy('b.date', 'desc')
      .orderBy('b.id', 'desc')
      .limit(LIST_LIMIT)
      .execute();
    const reviews = await latestReviews(
      store.db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      summaryOf(row as BatchRow, row.payee_name, row.verdict, row.difference_cents, reviews.get(row.id)),
    );
  };

  const today = todayCentral(clock);
  const [lastRun, newDeposits, reopened, unacknowledged, latestChanges, deposits, payees] = await Promise.all([
    store.db.selectFrom('sync_runs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst(),
    batchesWhere('open'),
    batchesWhere('reopened'),
    store.db
      .selectFrom('transaction_changes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('acknowledged_at', 'is', null)
      .executeTakeFirstOrThrow(),
    store.db
      .selectFrom('transaction_changes')
      .selectAll()
      .where('acknowledged_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    store.db
      .selectFrom('batches')
      .select((eb) => ['date', 'payee_id', 'payment_method', eb.fn.sum<number>('total_cents').as('cents')])
      .where('date', '>=', addDays(today, -DEPOSIT_DAYS))
      .groupBy(['date', 'payee_id', 'payment_method'])
      .orderBy('date')
      .execute(),
    store.db.selectFrom('payees').selectAll().orderBy('name').execute(),
  ]);

  return {
    lastRun: lastRun ? toRunSummary(lastRun) : null,
    nextRunAt: schedule.enabled ? nextScheduledRun(clock, schedule.time) : null,
    newDeposits,
    changesToReview: Number(unacknowledged.n),
    latestChanges: latestChanges.map(toChange),
    reopened,
    dailyDeposits: deposits.map((d): DailyDeposit => ({
      date: d.date,
      payeeId: d.payee_id,
      paymentMethod: d.payment_method,
      totalCents: Number(d.cents),
    })),
    payees: payees.map((p): Payee => ({ id: p.id, name: p.name, merchantId: p.merchant_id, removed: p.removed === 1 })),
  };
}

/** The next HH:MM Central after now (DST handled by the zone rules). */
export function nextScheduledRun(clock: Clock, time: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const now = clock.now().toZonedDateTimeISO(CENTRAL_TIME_ZONE);
  let next = now.with({ hour, minute, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
  if (Temporal.ZonedDateTime.compare(next, now) <= 0) next = next.add({ days: 1 });
  return toIsoUtc(next.toInstant());
}

function toRunSummary(row: {
  id: number;
  started_at: string;
  finished_at: string | null;
  status: string;
  trigger: string;
  transactions_inserted: number;
  transactions_updated: number;
  changes_recorded: number;
  batches_synced: number;
  gl_batches_synced: number;
  error: string | null;
}): SyncRunSummary {
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status as SyncRunSummary['status'],
    trigger: row.trigger as SyncRunSummary['trigger'],
    transactionsInserted: row.transactions_inserted,
    transactionsUpdated: row.transactions_updated,
    changesRecorded: row.changes_recorded,
    batchesSynced: row.batches_synced,
    glBatchesSynced: row.gl_batches_synced,
    error: row.error,
  };
}
