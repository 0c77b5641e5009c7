/**
 * A school's month as submitted, closed and re-opened (migration 020), and the lock a closed month
 * puts on every write path (DESIGN.md §13). The lock is a step of the writer's own unit of work
 * (`refuseClosedBatches` and the like), so a close that commits first is seen by the write that
 * follows it: SQLite runs units one at a time; PostgreSQL runs them SERIALIZABLE.
 */
import { sql, type Kysely } from 'kysely';
import { ContractError } from '../../../../shared/contract/errors';
import { businessDateOf, parseIsoUtc } from '../../../../shared/time';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from '../work/work';
import { monthFactsOf, type MonthFacts, type MonthScope } from './facts';
import type { MonthCloseEventRow, MonthCloseRow } from './types';

export interface ClosedMonth {
  payeeId: number;
  payeeName: string | null;
  month: string;
  closedBy: string;
  closedAt: string;
}

const CHUNK = 500;

/** The CLOSED refusal, naming the month, the school and who closed it. */
export function closedError(closed: ClosedMonth, what: string): ContractError {
  const school = closed.payeeName ? `${closed.payeeName} (school ${closed.payeeId})` : `school ${closed.payeeId}`;
  return new ContractError(
    'CLOSED',
    `${what}: ${closed.month} of ${school} is closed (by ${closed.closedBy} at ${closed.closedAt}). An admin re-opens it with a reason first (month reopen).`,
  );
}

function closedOf(row: {
  payee_id: unknown;
  name: string | null;
  month: string;
  closed_by: string | null;
  closed_at: string | null;
}): ClosedMonth {
  return {
    payeeId: Number(row.payee_id),
    payeeName: row.name,
    month: row.month,
    closedBy: row.closed_by ?? 'unknown',
    closedAt: row.closed_at ?? 'unknown',
  };
}

/** Closed months with the deposits (batches) in them, to narrow to some deposits: the refusals' one question. */
function closedMonthsOfDeposits(db: Kysely<Database>) {
  return db
    .selectFrom('batches as b')
    .innerJoin('month_closes as mc', (join) =>
      join.onRef('mc.payee_id', '=', 'b.payee_id').on(sql`mc.month`, '=', sql`substr(b.date, 1, 7)`),
    )
    .leftJoin('payees as p', 'p.id', 'b.payee_id')
    .where('mc.state', '=', 'closed')
    .select(['mc.payee_id', 'p.name', 'mc.month', 'mc.closed_by', 'mc.closed_at'])
    .limit(1);
}

/** The first closed month any of these deposits (batches) falls in, as a step of a unit of work. */
export function* closedMonthOfBatches(
  db: Kysely<Database>,
  batchIds: readonly string[],
): Work<ClosedMonth | undefined> {
  for (let at = 0; at < batchIds.length; at += CHUNK) {
    const row = yield* firstOf(
      closedMonthsOfDeposits(db).where('b.id', 'in', batchIds.slice(at, at + CHUNK) as string[]),
    );
    if (row) return closedOf(row);
  }
  return undefined;
}

/**
 * Refuses (CLOSED) when any deposit export `exportId` claimed falls in a closed month. Most stores
 * have none closed: then the claimed deposits (a year's export claims ~100,000) are not read back.
 * Otherwise they are asked 500 at a time: as one statement joined to the claim, PostgreSQL planned it
 * from export_deposits' statistics before the claim (empty), a scan of the claim per deposit.
 */
export function* refuseClosedClaim(db: Kysely<Database>, exportId: number, what: string): Work<void> {
  const anyClosed = yield* firstOf(
    db.selectFrom('month_closes').select('payee_id').where('state', '=', 'closed').limit(1),
  );
  if (!anyClosed) return;
  const claimed = yield* rowsOf(db.selectFrom('export_deposits').select('batch_id').where('export_id', '=', exportId));
  yield* refuseClosedBatches(
    db,
    claimed.map((row) => row.batch_id),
    what,
  );
}

/** Refuses (CLOSED) when any of these deposits falls in a closed month. */
export function* refuseClosedBatches(db: Kysely<Database>, batchIds: readonly string[], what: string): Work<void> {
  const closed = yield* closedMonthOfBatches(db, batchIds);
  if (closed) throw closedError(closed, what);
}

/**
 * Refuses (CLOSED) a decision on a bank line that pays, or is suggested for, a deposit of a closed
 * month: its live match's and its open suggestions' deposits.
 */
export function* refuseClosedLine(db: Kysely<Database>, lineId: number, what: string): Work<void> {
  const rows = yield* rowsOf(
    db.selectFrom('bank_matches').where('line_id', '=', lineId).where('undone_at', 'is', null).select('batch_ids'),
  );
  const batchIds = [...new Set(rows.flatMap((r) => JSON.parse(r.batch_ids) as string[]))];
  yield* refuseClosedBatches(db, batchIds, what);
}

/**
 * Refuses (CLOSED) acknowledging changes seen in a closed month of their transaction's school: what
 * the service changed later is recorded in the month it was seen, and that month's record is final.
 */
export function* refuseClosedChanges(
  db: Kysely<Database>,
  pending: (db: Kysely<Database>) => Work<Array<{ payee_id: number; seen_at: string }>>,
  what: string,
): Work<void> {
  const closed = yield* rowsOf(
    db
      .selectFrom('month_closes as mc')
      .leftJoin('payees as p', 'p.id', 'mc.payee_id')
      .where('mc.state', '=', 'closed')
      .select(['mc.payee_id', 'p.name', 'mc.month', 'mc.closed_by', 'mc.closed_at']),
  );
  if (closed.length === 0) return;
  const byKey = new Map(closed.map((row) => [`${Number(row.payee_id)}|${row.month}`, row]));
  for (const change of yield* pending(db)) {
    const month = businessDateOf(parseIsoUtc(change.seen_at, 'seen_at')).slice(0, 7);
    const hit = byKey.get(`${Number(change.payee_id)}|${month}`);
    if (hit) throw closedError(closedOf(hit), what);
  }
}

/** The closed months of these schools (all: null), for posting what the service changed later. */
export function* closedMonthsOf(
  db: Kysely<Database>,
  payeeIds: readonly number[] | null,
): Work<Array<{ payeeId: number; month: string }>> {
  let query = db.selectFrom('month_closes').where('state', '=', 'closed').select(['payee_id', 'month']);
  if (payeeIds !== null) {
    if (payeeIds.length === 0) return [];
    query = query.where('payee_id', 'in', payeeIds as number[]);
  }
  return (yield* rowsOf(query)).map((r) => ({ payeeId: Number(r.payee_id), month: r.month }));
}

export interface MonthRecord {
  row: MonthCloseRow | undefined;
  events: MonthCloseEventRow[];
}

/** The stored state of a school's months (one school, or every school), with their trails. */
export function monthRecords(
  reader: ReadableDB,
  month: string,
  payeeId: number | null,
): Promise<Map<number, MonthRecord>> {
  return runRead(reader, function* (db) {
    let rows = db.selectFrom('month_closes').selectAll().where('month', '=', month);
    let events = db.selectFrom('month_close_events').selectAll().where('month', '=', month).orderBy('seq');
    if (payeeId !== null) {
      rows = rows.where('payee_id', '=', payeeId);
      events = events.where('payee_id', '=', payeeId);
    }
    const records = new Map<number, MonthRecord>();
    for (const row of yield* rowsOf(rows)) records.set(Number(row.payee_id), { row, events: [] });
    for (const event of yield* rowsOf(events)) {
      const key = Number(event.payee_id);
      const record = records.get(key) ?? { row: undefined, events: [] };
      record.events.push(event);
      records.set(key, record);
    }
    return records;
  });
}

export interface MonthMove {
  state: 'submitted' | 'closed' | 'open';
  actor: string;
  at: string;
  event: 'submitted' | 'closed' | 'reopened';
  detail: string | null;
  selfApproved?: boolean;
  /** At close: the district's name the month's packet prints from now on. */
  districtName?: string;
}

/**
 * Moves a school's month in one unit of work with the read it depends on: `decide` sees the stored
 * row (undefined: never submitted or closed) and returns the move, or throws to refuse. Two people
 * closing (or one closing while another re-opens) cannot both act on the same state.
 */
export function moveMonth(
  writer: WritableDB,
  payeeId: number,
  month: string,
  decide: (row: MonthCloseRow | undefined, facts: MonthFacts | null) => MonthMove,
  /** Read the month's facts in the same transaction (submit, close: the checklist must hold as it commits). */
  factsOf: MonthScope | null = null,
): Promise<void> {
  return runWrite(writer, function* (db) {
    const row = yield* firstOf(
      db.selectFrom('month_closes').selectAll().where('payee_id', '=', payeeId).where('month', '=', month),
    );
    const move = decide(row, factsOf ? yield* monthFactsOf(db, factsOf) : null);
    const values = {
      state: move.state,
      updated_at: move.at,
      ...(move.event === 'submitted' ? { submitted_by: move.actor, submitted_at: move.at } : {}),
      ...(move.event === 'closed'
        ? {
            closed_by: move.actor,
            closed_at: move.at,
            self_approved: move.selfApproved ? 1 : 0,
            district_name: move.districtName ?? null,
          }
        : {}),
    };
    if (row) {
      yield* execute(
        db.updateTable('month_closes').set(values).where('payee_id', '=', payeeId).where('month', '=', month),
      );
    } else {
      yield* execute(
        db.insertInto('month_closes').values({
          payee_id: payeeId,
          month,
          submitted_by: null,
          submitted_at: null,
          closed_by: null,
          closed_at: null,
          district_name: null,
          ...values,
        }),
      );
    }
    const last = yield* firstOf(
      db
        .selectFrom('month_close_events')
        .select('seq')
        .where('payee_id', '=', payeeId)
        .where('month', '=', month)
        .orderBy('seq', 'desc')
        .limit(1),
    );
    yield* execute(
      db.insertInto('month_close_events').values({
        payee_id: payeeId,
        month,
        seq: (last ? Number(last.seq) : 0) + 1,
        at: move.at,
        actor: move.actor,
        event: move.event,
        detail: move.detail,
      }),
    );
  });
}

/** The closed months of these schools (all: null). */
export function listClosedMonths(
  reader: ReadableDB,
  payeeIds: readonly number[] | null,
): Promise<Array<{ payeeId: number; month: string }>> {
  return runRead(reader, (db) => closedMonthsOf(db, payeeIds));
}
