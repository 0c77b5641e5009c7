/**
 * What needs the bookkeeper this morning, most serious first, and the routine news to fold below it
 * (issue 14). Computed here, over the whole store, so the Overview and the notification after the
 * nightly sync say the same thing.
 */
import {
  ROUTINE_CHANGE_KINDS,
  type AttentionKind,
  type AttentionNews,
  type ChangeKind,
  type DepositNews,
  type NeedsYou,
  type ReversalNews,
  type RoutineNews,
  type TransactionStatus,
  type Verdict,
} from '../../../shared/domain';
import { businessDateOf, parseIsoUtc, todayCentral, type Clock } from '../../../shared/time';
import { newestUnacknowledgedTransactions, unacknowledgedByKind } from '../store/transactions';
import type { ReadableDB } from '../store/work';
import {
  bankLinesToSettle,
  depositsIn,
  depositTotals,
  unacknowledgedReversals,
  type DepositState,
  type DepositTotalsRow,
} from '../store/batches';
import { inTransit } from '../bank/lines';
import { latestReviews } from '../store/reviews';
import { summaryOf } from '../store/batches';
import { reversalsSummary } from './reversals';
import { schoolsWithoutAccount } from '../store/accountMaps';
import { countBaselineReversals } from '../store/reversals';

/** A screenful: the rest is one click away in Batches or Changes. */
const SHOWN = 12;
const TRANSACTIONS_SHOWN = 5;

/** The feed kinds and statuses each attention item is made of; the service's own first sighting counts too. */
const ATTENTION: ReadonlyArray<{ kind: AttentionKind; changeKinds: ChangeKind[]; toStatus: TransactionStatus | null }> =
  [
    { kind: 'anomaly', changeKinds: ['anomaly'], toStatus: null },
    { kind: 'errored', changeKinds: ['errored', 'first_seen'], toStatus: 'Error' },
    { kind: 'unknown', changeKinds: ['unknown', 'first_seen'], toStatus: 'Unknown' },
    { kind: 'declined', changeKinds: ['declined', 'first_seen'], toStatus: 'Declined' },
  ];

export async function morningNews(
  reader: ReadableDB,
  clock: Clock,
  bankWindowDays = 5,
): Promise<{ needsYou: NeedsYou; routine: RoutineNews }> {
  const totals = await depositTotals(reader);
  const deposits = (state: DepositState, verdicts: Verdict[] | null, cents: 'difference' | 'total') =>
    depositNews(reader, totals, state, verdicts, cents);
  const byKind = await unacknowledgedByKind(reader);
  const [differs, reopened, incomplete, routineDeposits, attention] = await Promise.all([
    deposits('open', ['differs'], 'difference'),
    deposits('reopened', null, 'difference'),
    deposits('open', ['incomplete'], 'total'),
    deposits('open', ['ties_out'], 'total'),
    Promise.all(
      ATTENTION.map(async ({ kind, changeKinds, toStatus }): Promise<AttentionNews> => {
        const count = byKind
          .filter((row) => changeKinds.includes(row.kind) && (toStatus === null || row.toStatus === toStatus))
          .reduce((sum, row) => sum + row.count, 0);
        const transactionIds =
          count === 0
            ? []
            : await newestUnacknowledgedTransactions(
                reader,
                changeKinds,
                toStatus === null ? null : [toStatus],
                TRANSACTIONS_SHOWN,
              );
        return { kind, count, changeKinds, transactionIds };
      }),
    ),
  ]);
  const reversals = await reversalNews(reader, clock);
  const settle = await bankLinesToSettle(reader);
  const bankLines = settle && {
    ...settle,
    inTransit: (await inTransit(reader, todayCentral(clock), bankWindowDays, 5000)).batches.length,
  };
  const waiting = attention.filter((a) => a.count > 0);
  const noAccount = await unpostedWithoutAccount(reader);
  const count =
    noAccount.count +
    differs.count +
    reopened.count +
    incomplete.count +
    reversals.count +
    waiting.reduce((sum, a) => sum + a.count, 0) +
    (bankLines ? bankLines.unmatched + bankLines.suggested + bankLines.inTransit : 0);
  const routineChanges = ROUTINE_CHANGE_KINDS.map((kind) => ({
    kind,
    count: byKind.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.count, 0),
  })).filter((c) => c.count > 0);
  return {
    needsYou: { differs, reopened, incomplete, reversals, attention: waiting, bankLines, noAccount, count },
    routine: { deposits: routineDeposits, changes: routineChanges },
  };
}

/** Every GL row no export has posted that has no account and no default, by school. */
async function unpostedWithoutAccount(reader: ReadableDB): Promise<NonNullable<NeedsYou['noAccount']>> {
  const schools = await schoolsWithoutAccount(reader, { from: '0000-01-01', to: '9999-12-31', unposted: true });
  return {
    count: schools.reduce((sum, s) => sum + s.rowCount, 0),
    cents: schools.reduce((sum, s) => sum + s.amountCents, 0),
    schools: schools.map(({ payeeId, payeeName, amountCents }) => ({ payeeId, payeeName, amountCents })),
  };
}

async function depositNews(
  reader: ReadableDB,
  totals: readonly DepositTotalsRow[],
  state: DepositState,
  verdicts: Verdict[] | null,
  cents: 'difference' | 'total',
): Promise<DepositNews> {
  const rows = totals.filter((t) => t.state === state && (verdicts === null || verdicts.includes(t.verdict)));
  const count = rows.reduce((sum, t) => sum + t.count, 0);
  if (count === 0) return { count: 0, cents: 0, batches: [] };
  const listed = await depositsIn(reader, state, verdicts, SHOWN);
  const reviews = await latestReviews(
    reader,
    listed.map((row) => row.id),
  );
  return {
    count,
    cents: rows.reduce((sum, t) => sum + (cents === 'difference' ? t.differenceCents : t.totalCents), 0),
    batches: listed.map((row) => summaryOf(row, reviews.get(row.id))),
  };
}

/** The reversals whose change is not yet acknowledged: "since the last review". */
async function reversalNews(reader: ReadableDB, clock: Clock): Promise<ReversalNews> {
  const news: ReversalNews = {
    count: 0,
    totalCents: 0,
    byKind: { refund: { count: 0, cents: 0 }, return: { count: 0, cents: 0 }, void: { count: 0, cents: 0 } },
    latest: [],
    beforeDistrictRecon: await countBaselineReversals(reader),
  };
  const waiting = await unacknowledgedReversals(reader);
  const first = waiting[0];
  const last = waiting[waiting.length - 1];
  if (!first || !last) return news;
  const dateOf = (iso: string) => businessDateOf(parseIsoUtc(iso, 'seen_at'));
  const today = todayCentral(clock);
  const to = dateOf(last.seenAt) > today ? dateOf(last.seenAt) : today;
  const ids = new Set(waiting.map((w) => w.changeId));
  // Amounts from a walk over the range, each after the earlier reversals of its sale (reconcile/reversals.ts);
  // only the screenful shown is split over accounts.
  const { amounts, latest } = await reversalsSummary(
    reader,
    { from: dateOf(first.seenAt), to },
    (id) => ids.has(id),
    SHOWN,
  );
  for (const r of amounts) {
    news.count += 1;
    news.totalCents += r.amountCents;
    news.byKind[r.kind].count += 1;
    news.byKind[r.kind].cents += r.amountCents;
  }
  news.latest = latest.reverse();
  return news;
}
