/**
 * Reads for the morning screen (issue 14): deposits by review state and verdict with their sums, the
 * worst ones to show, the reversal changes not yet acknowledged, and bank lines still to settle.
 * Counts and sums are taken over every deposit, not a page, so "12 new deposits, $7,123.45" is true
 * however many there are.
 */
import { sql } from 'kysely';
import type { Verdict } from '../../../shared/domain';
import type { ListedBatchRow } from './batches';
import type { ReadableDB } from './handles';
import { isReversal } from './reversals';

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
  let query = db
    .selectFrom('batches as b')
    .leftJoin('batch_checks as c', 'c.batch_id', 'b.id')
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .selectAll('b')
    .select(['p.name as payee_name', 'c.verdict', 'c.difference_cents', 'c.fingerprint'])
    .where(STATE, '=', state);
  if (verdicts) query = query.where(VERDICT, 'in', [...verdicts]);
  return (await query
    .orderBy(sql`abs(coalesce(c.difference_cents, 0))`, 'desc')
    .orderBy('b.date', 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute()) as ListedBatchRow[];
}

/** Reversal changes (refunds, ACH returns, settled voids of batched sales) not yet acknowledged, oldest first. */
export function unacknowledgedReversals(reader: ReadableDB): Array<{ changeId: number; seenAt: string }> {
  const query = isReversal(reader.db)
    .select(['c.id as changeId', 'c.seen_at as seenAt'])
    .where('c.acknowledged_at', 'is', null)
    .orderBy('c.seen_at')
    .orderBy('c.id')
    .compile();
  return reader.sqlite.prepare(query.sql).all(...query.parameters) as Array<{ changeId: number; seenAt: string }>;
}

/**
 * Statement lines neither matched nor explained, and those with only suggestions; null before any
 * statement was imported. The states follow store/bankQueries.ts: a live match, then a live
 * explanation, then suggestions.
 */
export function bankLinesToSettle({ sqlite }: ReadableDB): { unmatched: number; suggested: number } | null {
  const lines = sqlite.prepare('SELECT count(*) AS n FROM bank_lines').get() as { n: number };
  if (lines.n === 0) return null;
  const row = sqlite
    .prepare(
      `SELECT
        sum(CASE WHEN NOT settled AND NOT suggested THEN 1 ELSE 0 END) AS unmatched,
        sum(CASE WHEN NOT settled AND suggested THEN 1 ELSE 0 END) AS suggested
      FROM (SELECT
        EXISTS (SELECT 1 FROM bank_matches m WHERE m.line_id = l.id AND m.status <> 'suggested' AND m.undone_at IS NULL)
          OR EXISTS (SELECT 1 FROM bank_explanations e WHERE e.line_id = l.id AND e.undone_at IS NULL) AS settled,
        EXISTS (SELECT 1 FROM bank_matches m WHERE m.line_id = l.id AND m.status = 'suggested') AS suggested
      FROM bank_lines l)`,
    )
    .get() as { unmatched: number | null; suggested: number | null };
  return { unmatched: row.unmatched ?? 0, suggested: row.suggested ?? 0 };
}
