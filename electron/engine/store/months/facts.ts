/**
 * What a month's checklist is computed from (DESIGN.md §13), read on one snapshot, on either dialect:
 * the month's deposits with their checks, latest review, bank match and postings; the bank lines
 * suggested for them; the reversals seen in the month; revenue on no Chart of Accounts account; the
 * intents in doubt. A school (payee) or every school. Nothing here decides: close/checklist.ts does.
 */
import { sql, type Kysely } from 'kysely';
import type { IntentState } from '../../../../shared/contract';
import type { ReadableDB } from '../work/handles';
import type { Database } from '../schema';
import { isReversal } from '../reversals/reversals';
import { rowsOf, runRead, type Work } from '../work/work';

export interface MonthScope {
  /** 'YYYY-MM-01'. */
  firstDay: string;
  /** 'YYYY-MM-01' of the next month (exclusive). */
  nextFirstDay: string;
  /** ISO-8601 UTC instants of the month's Central days: [seenFrom, seenBefore). */
  seenFrom: string;
  seenBefore: string;
  /** One school, or all of them. */
  payeeId: number | null;
  /** Bank lines posted up to this date may pay the month's deposits (the matching window past month end). */
  lastBankDate: string;
}

export interface DepositFact {
  id: string;
  payeeId: number;
  date: string;
  paymentMethod: string;
  totalCents: number;
  partialCents: number;
  verdict: string | null;
  differenceCents: number;
  /** The latest review's action (sign_off | unsign | reopen), or null when never reviewed. */
  reviewAction: string | null;
  reviewNote: string | null;
  reviewBy: string | null;
  /** The line holding the deposit, if any. */
  matchedLineId: number | null;
  matchedLineDate: string | null;
  explained: boolean;
  /** Done exports that posted it. */
  postings: number;
  /** A preparation newer than the latest review (team mode). */
  prepared: boolean;
}

export interface SuggestedLineFact {
  lineId: number;
  postedDate: string;
  amountCents: number;
  batchIds: string[];
}

export interface ReversalFact {
  changeId: number;
  transactionId: number;
  payeeId: number;
  kind: string;
  seenAt: string;
  posted: boolean;
}

export interface UnassignedRevenueFact {
  payeeId: number;
  batchId: string;
  glNumber: string | null;
  amountCents: number;
}

export interface UnknownIntentFact {
  id: string;
  payeeId: number;
  kind: string;
  transactionId: number | null;
  state: string;
}

export interface ReopenedAfterCloseFact {
  batchId: string;
  payeeId: number;
  closedMonth: string;
  at: string;
  note: string | null;
}

export interface LooseLineFact {
  lineId: number;
  postedDate: string;
  amountCents: number;
  text: string;
}

export interface MonthFacts {
  payees: Array<{ id: number; name: string }>;
  deposits: DepositFact[];
  suggestedLines: SuggestedLineFact[];
  reversals: ReversalFact[];
  unassignedRevenue: UnassignedRevenueFact[];
  unknownIntents: UnknownIntentFact[];
  awaitingApproval: Array<{ payeeId: number }>;
}

const num = (value: unknown) => Number(value);

function monthBatches(db: Kysely<Database>, scope: MonthScope) {
  let query = db
    .selectFrom('batches as b')
    .where('b.date', '>=', scope.firstDay)
    .where('b.date', '<', scope.nextFirstDay);
  if (scope.payeeId !== null) query = query.where('b.payee_id', '=', scope.payeeId);
  return query;
}

function* depositsOf(db: Kysely<Database>, scope: MonthScope): Work<DepositFact[]> {
  const batches = yield* rowsOf(
    monthBatches(db, scope)
      .leftJoin('batch_checks as k', 'k.batch_id', 'b.id')
      .select([
        'b.id',
        'b.payee_id',
        'b.date',
        'b.payment_method',
        'b.total_cents',
        'b.partial_cents',
        'k.verdict',
        'k.difference_cents',
      ])
      .orderBy('b.date')
      .orderBy('b.id'),
  );
  const reviews = yield* rowsOf(
    monthBatches(db, scope)
      .innerJoin('batch_reviews as r', 'r.batch_id', 'b.id')
      .select(['r.batch_id', 'r.action', 'r.note', 'r.by', 'r.at'])
      .orderBy('r.id'),
  );
  const preparations = yield* rowsOf(
    monthBatches(db, scope).innerJoin('batch_preparations as p', 'p.batch_id', 'b.id').select(['p.batch_id', 'p.at']),
  );
  const matches = yield* rowsOf(
    monthBatches(db, scope)
      .innerJoin('bank_matched_batches as m', 'm.batch_id', 'b.id')
      .innerJoin('bank_lines as l', 'l.id', 'm.line_id')
      .select(['m.batch_id', 'm.line_id', 'l.posted_date']),
  );
  const explanations = yield* rowsOf(
    monthBatches(db, scope)
      .innerJoin('bank_explanations as e', 'e.batch_id', 'b.id')
      .where('e.undone_at', 'is', null)
      .select('e.batch_id'),
  );
  const postings = yield* rowsOf(
    monthBatches(db, scope)
      .innerJoin('export_deposits as d', 'd.batch_id', 'b.id')
      .innerJoin('exports as x', 'x.id', 'd.export_id')
      .where('x.status', '=', 'done')
      .select(['d.batch_id', (eb) => eb.fn.countAll().as('postings')])
      .groupBy('d.batch_id'),
  );
  const latest = new Map(reviews.map((r) => [r.batch_id, r]));
  const lastPrepared = new Map<string, string>();
  for (const p of preparations) if ((lastPrepared.get(p.batch_id) ?? '') < p.at) lastPrepared.set(p.batch_id, p.at);
  const matched = new Map(matches.map((m) => [m.batch_id, m]));
  const explained = new Set(explanations.map((e) => e.batch_id));
  const posted = new Map(postings.map((p) => [p.batch_id, num(p.postings)]));
  return batches.map((b) => {
    const review = latest.get(b.id);
    const preparedAt = lastPrepared.get(b.id);
    return {
      id: b.id,
      payeeId: num(b.payee_id),
      date: b.date,
      paymentMethod: b.payment_method,
      totalCents: num(b.total_cents),
      partialCents: num(b.partial_cents),
      verdict: b.verdict,
      differenceCents: num(b.difference_cents ?? 0),
      reviewAction: review?.action ?? null,
      reviewNote: review?.note ?? null,
      reviewBy: review?.by ?? null,
      matchedLineId: matched.has(b.id) ? num(matched.get(b.id)!.line_id) : null,
      matchedLineDate: matched.get(b.id)?.posted_date ?? null,
      explained: explained.has(b.id),
      postings: posted.get(b.id) ?? 0,
      prepared: preparedAt !== undefined && (review === undefined || review.at < preparedAt),
    };
  });
}

/** Suggestions not yet decided (a decision deletes a line's suggestions), of lines that could pay the month. */
function* suggestedLinesOf(db: Kysely<Database>, scope: MonthScope): Work<SuggestedLineFact[]> {
  const rows = yield* rowsOf(
    db
      .selectFrom('bank_matches as s')
      .innerJoin('bank_lines as l', 'l.id', 's.line_id')
      .where('s.status', '=', 'suggested')
      .where('s.undone_at', 'is', null)
      .where('l.posted_date', '>=', scope.firstDay)
      .where('l.posted_date', '<=', scope.lastBankDate)
      .select(['s.line_id', 's.batch_ids', 'l.posted_date', 'l.amount_cents'])
      .orderBy('l.posted_date')
      .orderBy('s.line_id'),
  );
  const byLine = new Map<number, SuggestedLineFact>();
  for (const row of rows) {
    const lineId = num(row.line_id);
    let line = byLine.get(lineId);
    if (!line) {
      line = { lineId, postedDate: row.posted_date, amountCents: num(row.amount_cents), batchIds: [] };
      byLine.set(lineId, line);
    }
    line.batchIds.push(...(JSON.parse(row.batch_ids) as string[]));
  }
  return [...byLine.values()];
}

function* reversalsOf(db: Kysely<Database>, scope: MonthScope): Work<ReversalFact[]> {
  let query = isReversal(db)
    .where('c.seen_at', '>=', scope.seenFrom)
    .where('c.seen_at', '<', scope.seenBefore)
    .select((eb) => [
      'c.id',
      'c.transaction_id',
      't.payee_id',
      'c.kind',
      'c.seen_at',
      eb
        .exists(
          eb
            .selectFrom('export_reversals as xr')
            .innerJoin('exports as x', 'x.id', 'xr.export_id')
            .whereRef('xr.change_id', '=', 'c.id')
            .where('x.status', '=', 'done')
            .select('xr.change_id'),
        )
        .as('posted'),
    ])
    .orderBy('c.id');
  if (scope.payeeId !== null) query = query.where('t.payee_id', '=', scope.payeeId);
  return (yield* rowsOf(query)).map((r) => ({
    changeId: num(r.id),
    transactionId: num(r.transaction_id),
    payeeId: num(r.payee_id),
    kind: r.kind,
    seenAt: r.seen_at,
    posted: Boolean(r.posted),
  }));
}

/** GL rows of the month's deposits whose account is not (or no longer) in the Chart of Accounts. */
function* unassignedRevenueOf(db: Kysely<Database>, scope: MonthScope): Work<UnassignedRevenueFact[]> {
  let query = db
    .selectFrom('gl_batches as g')
    .where('g.date', '>=', scope.firstDay)
    .where('g.date', '<', scope.nextFirstDay)
    .where((eb) =>
      eb.or([
        eb('g.gl_number', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('gl_accounts as a')
              .whereRef('a.number', '=', 'g.gl_number')
              .where('a.removed', '=', 0)
              .select('a.id'),
          ),
        ),
      ]),
    )
    .select(['g.payee_id', 'g.batch_id', 'g.gl_number', 'g.amount_cents'])
    .orderBy('g.date')
    .orderBy('g.id');
  if (scope.payeeId !== null) query = query.where('g.payee_id', '=', scope.payeeId);
  return (yield* rowsOf(query)).map((r) => ({
    payeeId: num(r.payee_id),
    batchId: r.batch_id,
    glNumber: r.gl_number,
    amountCents: num(r.amount_cents),
  }));
}

/** Intents in doubt (for a person) requested before the month ended, or awaiting a second approver. */
function* intentsOf(db: Kysely<Database>, scope: MonthScope, states: IntentState[]): Work<UnknownIntentFact[]> {
  let query = db
    .selectFrom('payment_intents')
    .where('state', 'in', states)
    .where('requested_at', '<', scope.seenBefore)
    .where('payee_id', 'is not', null)
    .select(['id', 'payee_id', 'kind', 'transaction_id', 'state'])
    .orderBy('requested_at');
  if (scope.payeeId !== null) query = query.where('payee_id', '=', scope.payeeId);
  return (yield* rowsOf(query)).map((r) => ({
    id: r.id,
    payeeId: num(r.payee_id),
    kind: r.kind,
    transactionId: r.transaction_id === null ? null : num(r.transaction_id),
    state: r.state,
  }));
}

export function readMonthFacts(reader: ReadableDB, scope: MonthScope): Promise<MonthFacts> {
  return runRead(reader, (db) => monthFactsOf(db, scope));
}

/** readMonthFacts as a step of a unit of work: a close decides on the facts as its own transaction sees them. */
export function* monthFactsOf(db: Kysely<Database>, scope: MonthScope): Work<MonthFacts> {
  let payees = db.selectFrom('payees').select(['id', 'name']).orderBy('id');
  if (scope.payeeId !== null) payees = payees.where('id', '=', scope.payeeId);
  const intents = yield* intentsOf(db, scope, ['unknown', 'awaiting_approval']);
  return {
    payees: (yield* rowsOf(payees)).map((p) => ({ id: num(p.id), name: p.name })),
    deposits: yield* depositsOf(db, scope),
    suggestedLines: yield* suggestedLinesOf(db, scope),
    reversals: yield* reversalsOf(db, scope),
    unassignedRevenue: yield* unassignedRevenueOf(db, scope),
    unknownIntents: intents.filter((i) => i.state === 'unknown'),
    awaitingApproval: intents.filter((i) => i.state === 'awaiting_approval').map((i) => ({ payeeId: i.payeeId })),
  };
}

/**
 * Signed-off deposits of closed months re-opened (their own facts changed) after the close, for the
 * months of `payeeId` before `beforeMonth`: each is an exception on the next open month's checklist.
 */
export function reopenedAfterClose(
  reader: ReadableDB,
  payeeIds: readonly number[] | null,
  beforeMonth: string,
): Promise<ReopenedAfterCloseFact[]> {
  return runRead(reader, function* (db) {
    let query = db
      .selectFrom('batch_reviews as r')
      .innerJoin('batches as b', 'b.id', 'r.batch_id')
      .innerJoin('month_closes as mc', (join) =>
        join.onRef('mc.payee_id', '=', 'b.payee_id').on(sql`mc.month`, '=', sql`substr(b.date, 1, 7)`),
      )
      .where('mc.state', '=', 'closed')
      .where('mc.month', '<', beforeMonth)
      .where('r.action', '=', 'reopen')
      .whereRef('r.at', '>', 'mc.closed_at')
      .select(['r.batch_id', 'b.payee_id', 'mc.month', 'r.at', 'r.note'])
      .orderBy('r.id');
    if (payeeIds !== null) query = query.where('b.payee_id', 'in', payeeIds as number[]);
    return (yield* rowsOf(query)).map((r) => ({
      batchId: r.batch_id,
      payeeId: num(r.payee_id),
      closedMonth: r.month,
      at: r.at,
      note: r.note,
    }));
  });
}

/** Bank lines posted in the month that no match holds, no suggestion names and no explanation covers. */
export function looseLines(reader: ReadableDB, scope: MonthScope): Promise<LooseLineFact[]> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(
      db
        .selectFrom('bank_lines as l')
        .where('l.posted_date', '>=', scope.firstDay)
        .where('l.posted_date', '<', scope.nextFirstDay)
        .where((eb) => eb.or([eb('l.duplicate_state', 'is', null), eb('l.duplicate_state', '!=', 'dropped')]))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_matches as m')
                .whereRef('m.line_id', '=', 'l.id')
                .where('m.undone_at', 'is', null)
                .select('m.id'),
            ),
          ),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_explanations as e')
                .whereRef('e.line_id', '=', 'l.id')
                .where('e.undone_at', 'is', null)
                .select('e.id'),
            ),
          ),
        )
        .select(['l.id', 'l.posted_date', 'l.amount_cents', 'l.text'])
        .orderBy('l.posted_date')
        .orderBy('l.id'),
    );
    return rows.map((r) => ({
      lineId: num(r.id),
      postedDate: r.posted_date,
      amountCents: num(r.amount_cents),
      text: r.text,
    }));
  });
}
