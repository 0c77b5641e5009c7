/**
 * Bank matches (DESIGN.md §10): what the matcher and the bookkeeper write, and the lookups the
 * bookkeeper's decisions (bankDecisions.ts) make first. A batch is held by one line:
 * bank_matched_batches' primary key refuses a second, whatever the caller believed.
 */
import type { Kysely } from 'kysely';
import { insertInChunks, rowsByChunks } from '../work/chunks';
import { live } from './bankMatchReads';
import type { BankMatchRow, Database } from '../schema';
import { execute, firstOf, rowsOf, type Work } from '../work/work';

export interface NewMatch {
  lineId: number;
  how: string;
  status: 'matched' | 'suggested' | 'confirmed';
  rank: number;
  batchIds: readonly string[];
  transactionId: number | null;
  /** The deposit slip the match is (its batches are then the slip's); null for batches and returns. */
  slipId?: string | null;
  gapDays: number | null;
  createdAt: string;
  confirmedBy?: string | null;
  confirmedAt?: string | null;
}

/**
 * Inserts matches; a live one also takes its batches (a batch another line holds throws). A matching
 * run hands them over as it makes them: MATCHES_AT_ONCE are held at a time, and what the inserts
 * return, and the holds, are garbage once written.
 */
export function* insertMatches(db: Kysely<Database>, matches: Iterable<NewMatch>): Work<void> {
  let some: NewMatch[] = [];
  for (const match of matches) {
    some.push(match);
    if (some.length < MATCHES_AT_ONCE) continue;
    yield* insertSomeMatches(db, some);
    some = [];
  }
  if (some.length > 0) yield* insertSomeMatches(db, some);
}

/** Matches written at once (a year's import writes some 50,000). */
const MATCHES_AT_ONCE = 1_000;

function* insertSomeMatches(db: Kysely<Database>, matches: readonly NewMatch[]): Work<void> {
  const inserted = yield* insertInChunks(
    matches,
    (match) => ({
      line_id: match.lineId,
      how: match.how,
      status: match.status,
      rank: match.rank,
      batch_ids: JSON.stringify(match.batchIds),
      transaction_id: match.transactionId,
      slip_id: match.slipId ?? null,
      gap_days: match.gapDays,
      created_at: match.createdAt,
      confirmed_by: match.confirmedBy ?? null,
      confirmed_at: match.confirmedAt ?? null,
    }),
    (rows) => db.insertInto('bank_matches').values(rows).returning(['id', 'line_id', 'status']),
  );
  // RETURNING's order is not promised; a line has at most one live match (a unique index), so
  // its line finds each live match's id (a match and the batches it holds are in the same slice).
  const liveIds = new Map<number, number>();
  for (const row of inserted.rows) if (row.status !== 'suggested') liveIds.set(row.line_id, row.id);
  const holds: { batchId: string; lineId: number }[] = [];
  for (const match of matches) {
    if (match.status === 'suggested') continue;
    for (const batchId of match.batchIds) holds.push({ batchId, lineId: match.lineId });
  }
  yield* insertInChunks(
    holds,
    (hold) => ({ batch_id: hold.batchId, match_id: liveIds.get(hold.lineId)!, line_id: hold.lineId }),
    (rows) => db.insertInto('bank_matched_batches').values(rows),
  );
}

/** Suggestions are recomputed by every matching run (or dropped once a line is decided). */
export function* deleteSuggestions(db: Kysely<Database>, lineId?: number): Work<number> {
  let query = db.deleteFrom('bank_matches').where('status', '=', 'suggested');
  if (lineId !== undefined) query = query.where('line_id', '=', lineId);
  return yield* execute(query);
}

/** What the suggestions are, to tell whether a matching run changed them. */
export function* suggestionFingerprint(db: Kysely<Database>): Work<string> {
  const rows = yield* rowsOf(
    db
      .selectFrom('bank_matches')
      .select(['line_id', 'batch_ids', 'transaction_id'])
      .where('status', '=', 'suggested')
      .orderBy('line_id')
      .orderBy('rank'),
  );
  return rows.map((r) => `${r.line_id}:${r.batch_ids}:${r.transaction_id ?? ''}`).join('|');
}

export interface UndoValues {
  by: string;
  at: string;
  reason: string;
}

/** Undoes a live match and lets go of its batches. */
export function* undoMatch(db: Kysely<Database>, matchId: number, undo: UndoValues): Work<void> {
  yield* execute(
    db
      .updateTable('bank_matches')
      .set({ undone_by: undo.by, undone_at: undo.at, undone_reason: undo.reason })
      .where('id', '=', matchId)
      .where('undone_at', 'is', null),
  );
  yield* execute(db.deleteFrom('bank_matched_batches').where('match_id', '=', matchId));
}

export function* markConfirmed(db: Kysely<Database>, matchId: number, by: string, at: string): Work<void> {
  yield* execute(
    db
      .updateTable('bank_matches')
      .set({ status: 'confirmed', confirmed_by: by, confirmed_at: at })
      .where('id', '=', matchId),
  );
}

export function* liveMatchOfLine(db: Kysely<Database>, lineId: number): Work<BankMatchRow | undefined> {
  return yield* firstOf(
    db
      .selectFrom('bank_matches as m')
      .selectAll()
      .where('m.line_id', '=', lineId)
      .where((eb) => live(eb)),
  );
}

export function* suggestionsOfLine(db: Kysely<Database>, lineId: number): Work<BankMatchRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('bank_matches')
      .selectAll()
      .where('line_id', '=', lineId)
      .where('status', '=', 'suggested')
      .orderBy('rank'),
  );
}

/** Which line holds each of these batches, if any. */
export function* holdersOf(db: Kysely<Database>, batchIds: readonly string[]): Work<Map<string, number>> {
  const rows = yield* rowsByChunks(batchIds, (chunk) =>
    db.selectFrom('bank_matched_batches').select(['batch_id', 'line_id']).where('batch_id', 'in', chunk),
  );
  return new Map(rows.map((row) => [row.batch_id, row.line_id]));
}

/** The line a returned transaction is matched to, if any. */
export function* holderOfReturn(db: Kysely<Database>, transactionId: number): Work<number | null> {
  const row = yield* firstOf(
    db
      .selectFrom('bank_matches as m')
      .select('m.line_id')
      .where('m.transaction_id', '=', transactionId)
      .where((eb) => live(eb)),
  );
  return row?.line_id ?? null;
}

/** The batches of these ids that exist, with their dates. */
export function* batchDates(db: Kysely<Database>, batchIds: readonly string[]): Work<Map<string, string>> {
  const rows = yield* rowsByChunks(batchIds, (chunk) =>
    db.selectFrom('batches').select(['id', 'date']).where('id', 'in', chunk),
  );
  return new Map(rows.map((row) => [row.id, row.date]));
}

export interface ReturnTransaction {
  id: number;
  status: string;
  business_date: string;
  amount_cents: number;
}

export function* transactionForReturn(db: Kysely<Database>, id: number): Work<ReturnTransaction | undefined> {
  return yield* firstOf(
    db.selectFrom('transactions').select(['id', 'status', 'business_date', 'amount_cents']).where('id', '=', id),
  );
}
