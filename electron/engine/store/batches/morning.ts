/**
 * Reads for the morning screen (issue 14): deposits by review state and verdict with their sums, the
 * worst ones to show, the reversal changes not yet acknowledged, and bank lines still to settle.
 * Counts and sums are taken over every deposit, not a page, so "12 new deposits, $7,123.45" is true
 * however many there are.
 */
import { sql } from 'kysely';
import type { Verdict } from '../../../../shared/domain';
import { listedBatches, type ListedBatchRow } from './batches';
import { liveExplanation, liveMatch } from '../bank/liveDecisions';
import type { ReadableDB } from '../work/handles';
import { firstOf, runRead } from '../work/work';
import { isReversal } from '../reversals/reversals';
import { BASELINE_CHANGE } from '../reversals/baselineFlag';

/** open: never signed off, or unsigned since; reopened: signed off, then re-opened by a changed fact. */
export type DepositState = 'open' | 'reopened';

const LAST_ACTION = sql<
  string | null
>`(SELECT r.action FROM batch_reviews r WHERE r.batch_id = b.id ORDER BY r.id DESC LIMIT 1)`;
const STATE = sql<string>`CASE WHEN ${LAST_ACTION} IS NULL OR ${LAST_ACTION} = 'unsign' THEN 'open'
  WHEN ${LAST_ACTION} = 'reopen' THEN 'reopened' ELSE 'signed_off' END`;
// A batch whose checks were never computed has no row in batch_checks: it is incomplete (summaryOf).
const VERDICT = sql<Verdict>`coalesce(c.verdict, 'incomplete')`;

export interface DepositTotalsRow {
  state: DepositState | 'signed_off';
  verdict: Verdict;
  count: number;
  totalCents: number;
  differenceCents: number;
}

/** Every deposit counted by review state and verdict, with its total and how far off it is. */
export async function depositTotals({ db }: ReadableDB): Promise<DepositTotalsRow[]> {
  const rows = await db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .select((eb) => [
      STATE.as('state'),
      VERDICT.as('verdict'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('b.total_cents').as('total'),
      sql<number>`sum(abs(coalesce(c.difference_cents, 0)))`.as('difference'),
    ])
    .groupBy(['state', 'verdict'])
    .execute();
  return rows.map((r) => ({
    state: r.state as DepositTotalsRow['state'],
    verdict: r.verdict,
    count: Number(r.n),
    totalCents: Number(r.total ?? 0),
    differenceCents: Number(r.difference ?? 0),
  }));
}

/** Deposits in a state (and of some verdicts): the farthest off first, then the newest. */
export async function depositsIn(
  { db }: ReadableDB,
  state: DepositState,
  verdicts: readonly Verdict[] | null,
  limit: number,
): Promise<ListedBatchRow[]> {
  let query = listedBatches(db).where(STATE, '=', state);
  if (verdicts) query = query.where(VERDICT, 'in', [...verdicts]);
  return (await query
    .orderBy(sql`abs(coalesce(c.difference_cents, 0))`, 'desc')
    .orderBy('b.date', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute()) as ListedBatchRow[];
}

/** Reversal changes (refunds, ACH returns, settled voids of batched sales) not yet acknowledged, oldest first. */
export function unacknowledgedReversals({ db }: ReadableDB): Promise<Array<{ changeId: number; seenAt: string }>> {
  return (
    isReversal(db)
      .select(['c.id as changeId', 'c.seen_at as seenAt'])
      .where('c.acknowledged_at', 'is', null)
      // Before District Recon (the first sync's finds) is not "since the last review".
      .where(sql<boolean>`NOT ${BASELINE_CHANGE}`)
      .orderBy('c.seen_at')
      .orderBy('c.id')
      .execute()
  );
}

/**
 * Statement lines neither matched nor explained, and those with only suggestions; null before any
 * statement was imported. The states follow store/bankQueries.ts: a live match, then a live
 * explanation, then suggestions; a possible duplicate waits for the bookkeeper, as an unmatched line.
 */
export function bankLinesToSettle(reader: ReadableDB): Promise<{ unmatched: number; suggested: number } | null> {
  return runRead(reader, function* (db) {
    const lines = yield* firstOf(db.selectFrom('bank_lines').select((eb) => eb.fn.countAll<number>().as('n')));
    if (Number(lines?.n ?? 0) === 0) return null;
    const row = yield* firstOf(
      db.selectFrom('bank_lines as l').select((eb) => {
        const settled = eb.or([
          eb.exists(liveMatch('line_id', 'l.id')),
          eb.exists(liveExplanation('line_id', 'l.id')),
          // A dropped duplicate and a line the bank corrected are set aside (issue 25), not open.
          // NULL-safe: an ordinary line's state is NULL, and NOT (NULL OR false) would count nothing.
          eb(eb.fn.coalesce('l.duplicate_state', eb.val('')), '=', 'dropped'),
          eb.exists(eb.selectFrom('bank_lines as c').select('c.id').whereRef('c.corrects_line_id', '=', 'l.id')),
        ]);
        const suggested = eb.exists(
          eb
            .selectFrom('bank_matches as m')
            .select('m.id')
            .whereRef('m.line_id', '=', 'l.id')
            .where('m.status', '=', 'suggested'),
        );
        const count = (when: ReturnType<typeof eb.and>) =>
          eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(when).then(1).else(0).end()), eb.lit(0));
        return [
          count(eb.and([eb.not(settled), eb.not(suggested)])).as('unmatched'),
          count(eb.and([eb.not(settled), suggested])).as('suggested'),
        ];
      }),
    );
    return { unmatched: Number(row?.unmatched ?? 0), suggested: Number(row?.suggested ?? 0) };
  });
}
