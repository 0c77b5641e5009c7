/**
 * Bank matches (DESIGN.md §10): what the matcher reads (open lines, open batches, returned ACH
 * transactions, its own earlier matches) and what it and the bookkeeper write. A matching run is one
 * unit of work (runMatching) so nothing can confirm or explain between its read and its write; the
 * pieces here also serve the bookkeeper's decisions (bankDecisions.ts). A batch is held by one line:
 * bank_matched_batches' primary key refuses a second, whatever the caller believed.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { PortableWritable } from './handles';
import type { BankMatchesTable, BankMatchRow, Database } from './schema';
import { execute, firstOf, rowsOf, runWrite, type Work } from './work';

/** Rows per multi-row statement or IN (…) list: well inside both dialects' parameter limits. */
const CHUNK = 500;

/** A match that holds its batches (or its returned transaction): made by the matcher or confirmed. */
function live(eb: ExpressionBuilder<Database & { m: BankMatchesTable }, 'm'>) {
  return eb.and([eb('m.status', '<>', 'suggested'), eb('m.undone_at', 'is', null)]);
}

export interface OpenLineRow {
  id: number;
  posted_date: string;
  amount_cents: number;
}

export interface OpenBatchRow {
  id: string;
  payee_id: number;
  payment_method: string;
  date: string;
  total_cents: number;
  partial_cents: number;
}

export interface OpenReturnRow {
  id: number;
  business_date: string;
  amount_cents: number;
}

export interface RejectedMatchRow {
  line_id: number;
  batch_ids: string;
  transaction_id: number | null;
}

/** Lines with no live match and no live explanation: the ones the matcher works on. */
function* openLines(db: Kysely<Database>): Work<OpenLineRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('bank_lines as l')
      .select(['l.id', 'l.posted_date', 'l.amount_cents'])
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_matches as m')
                .select('m.id')
                .whereRef('m.line_id', '=', 'l.id')
                .where((m) => live(m)),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_explanations as e')
                .select('e.id')
                .whereRef('e.line_id', '=', 'l.id')
                .where('e.undone_at', 'is', null),
            ),
          ),
        ]),
      )
      .orderBy('l.posted_date')
      .orderBy('l.id'),
  );
}

/** Undone matches per line: what a person said was wrong is never made again by the matcher. */
function* rejectedMatches(db: Kysely<Database>): Work<RejectedMatchRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('bank_matches')
      .select(['line_id', 'batch_ids', 'transaction_id'])
      .where('status', '<>', 'suggested')
      .where('undone_at', 'is not', null),
  );
}

/** Batches dated from..to that no line holds and nobody explained. */
function* openBatches(db: Kysely<Database>, from: string, to: string): Work<OpenBatchRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('batches as b')
      .select(['b.id', 'b.payee_id', 'b.payment_method', 'b.date', 'b.total_cents', 'b.partial_cents'])
      .where('b.date', '>=', from)
      .where('b.date', '<=', to)
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(
              eb.selectFrom('bank_matched_batches as h').select('h.batch_id').whereRef('h.batch_id', '=', 'b.id'),
            ),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_explanations as e')
                .select('e.id')
                .whereRef('e.batch_id', '=', 'b.id')
                .where('e.undone_at', 'is', null),
            ),
          ),
        ]),
      )
      .orderBy('b.date')
      .orderBy('b.id'),
  );
}

/** ACH transactions the service reports Returned, dated from..to, that no line holds. */
function* openReturns(db: Kysely<Database>, from: string, to: string): Work<OpenReturnRow[]> {
  return yield* rowsOf(
    db
      .selectFrom('transactions as t')
      .select(['t.id', 't.business_date', 't.amount_cents'])
      .where('t.status', '=', 'Returned')
      .where('t.payment_method', '=', 'ACH')
      .where('t.business_date', '>=', from)
      .where('t.business_date', '<=', to)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('bank_matches as m')
              .select('m.id')
              .whereRef('m.transaction_id', '=', 't.id')
              .where((m) => live(m)),
          ),
        ),
      )
      .orderBy('t.business_date')
      .orderBy('t.id'),
  );
}

export interface HeldAutoMatchRow {
  id: number;
  line_amount_cents: number;
  how: string;
  batch_count: number;
  held_count: number;
  total_cents: number | null;
  partial_cents: number | null;
  /** The returned transaction's amount while it is still Returned; null otherwise. */
  return_cents: number | null;
  transaction_id: number | null;
}

/** Live matches the matcher made (not confirmed), with what their batches add up to today. */
function* heldAutoMatches(db: Kysely<Database>): Work<HeldAutoMatchRow[]> {
  const rows = yield* rowsOf(
    db
      .selectFrom('bank_matches as m')
      .innerJoin('bank_lines as l', 'l.id', 'm.line_id')
      .select((eb) => {
        const held = () =>
          eb
            .selectFrom('bank_matched_batches as h')
            .innerJoin('batches as b', 'b.id', 'h.batch_id')
            .whereRef('h.match_id', '=', 'm.id');
        return [
          'm.id',
          'l.amount_cents as line_amount_cents',
          'm.how',
          'm.batch_ids',
          'm.transaction_id',
          held()
            .select((h) => h.fn.countAll<number>().as('n'))
            .as('held_count'),
          held()
            .select((h) => h.fn.sum<number>('b.total_cents').as('n'))
            .as('total_cents'),
          held()
            .select((h) => h.fn.sum<number>('b.partial_cents').as('n'))
            .as('partial_cents'),
          eb
            .selectFrom('transactions as t')
            .select('t.amount_cents')
            .whereRef('t.id', '=', 'm.transaction_id')
            .where('t.status', '=', 'Returned')
            .as('return_cents'),
        ];
      })
      .where('m.status', '=', 'matched')
      .where('m.undone_at', 'is', null),
  );
  return rows.map(({ batch_ids, ...row }) => ({
    ...row,
    // A match's batch list is JSON text; counting it in JS keeps the query portable.
    batch_count: (JSON.parse(batch_ids) as string[]).length,
    held_count: row.held_count ?? 0,
    total_cents: row.total_cents ?? null,
    partial_cents: row.partial_cents ?? null,
    return_cents: row.return_cents ?? null,
  }));
}

export interface NewMatch {
  lineId: number;
  how: string;
  status: 'matched' | 'suggested' | 'confirmed';
  rank: number;
  batchIds: readonly string[];
  transactionId: number | null;
  gapDays: number | null;
  createdAt: string;
  confirmedBy?: string | null;
  confirmedAt?: string | null;
}

/** Inserts matches; a live one also takes its batches (a batch another line holds throws). */
export function* insertMatches(db: Kysely<Database>, matches: readonly NewMatch[]): Work<void> {
  const holds: { batch_id: string; match_id: number; line_id: number }[] = [];
  for (let at = 0; at < matches.length; at += CHUNK) {
    const chunk = matches.slice(at, at + CHUNK);
    const inserted = yield* rowsOf(
      db
        .insertInto('bank_matches')
        .values(
          chunk.map((match) => ({
            line_id: match.lineId,
            how: match.how,
            status: match.status,
            rank: match.rank,
            batch_ids: JSON.stringify(match.batchIds),
            transaction_id: match.transactionId,
            gap_days: match.gapDays,
            created_at: match.createdAt,
            confirmed_by: match.confirmedBy ?? null,
            confirmed_at: match.confirmedAt ?? null,
          })),
        )
        .returning(['id', 'line_id', 'status']),
    );
    // RETURNING's order is not promised; a line has at most one live match (a unique index), so
    // its line finds each live match's id.
    const liveIds = new Map(inserted.filter((row) => row.status !== 'suggested').map((row) => [row.line_id, row.id]));
    for (const match of chunk) {
      if (match.status === 'suggested') continue;
      for (const batchId of match.batchIds) {
        holds.push({ batch_id: batchId, match_id: liveIds.get(match.lineId)!, line_id: match.lineId });
      }
    }
  }
  for (let at = 0; at < holds.length; at += CHUNK) {
    yield* execute(db.insertInto('bank_matched_batches').values(holds.slice(at, at + CHUNK)));
  }
}

/** Suggestions are recomputed by every matching run (or dropped once a line is decided). */
export function* deleteSuggestions(db: Kysely<Database>, lineId?: number): Work<number> {
  let query = db.deleteFrom('bank_matches').where('status', '=', 'suggested');
  if (lineId !== undefined) query = query.where('line_id', '=', lineId);
  return yield* execute(query);
}

/** What the suggestions are, to tell whether a matching run changed them. */
function* suggestionFingerprint(db: Kysely<Database>): Work<string> {
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
  const holders = new Map<string, number>();
  for (let at = 0; at < batchIds.length; at += CHUNK) {
    const rows = yield* rowsOf(
      db
        .selectFrom('bank_matched_batches')
        .select(['batch_id', 'line_id'])
        .where('batch_id', 'in', batchIds.slice(at, at + CHUNK)),
    );
    for (const row of rows) holders.set(row.batch_id, row.line_id);
  }
  return holders;
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
  const dates = new Map<string, string>();
  for (let at = 0; at < batchIds.length; at += CHUNK) {
    const rows = yield* rowsOf(
      db
        .selectFrom('batches')
        .select(['id', 'date'])
        .where('id', 'in', batchIds.slice(at, at + CHUNK)),
    );
    for (const row of rows) dates.set(row.id, row.date);
  }
  return dates;
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

export interface DateRange {
  from: string;
  to: string;
}

export interface MatchingInput {
  lines: OpenLineRow[];
  rejected: RejectedMatchRow[];
  batches: OpenBatchRow[];
  returns: OpenReturnRow[];
}

/** What a matching run decides, given what it reads: the store only reads and writes. */
export interface MatchingPlan<T> {
  /** Who and when the run undoes its stale matches as. */
  undo: { by: string; at: string };
  /** Why one of the matcher's own live matches no longer holds, or null when it still does. */
  staleReason(held: HeldAutoMatchRow): string | null;
  /** The batch and return dates worth reading for these open lines (null: none). */
  windows(lines: OpenLineRow[]): { batches: DateRange | null; returns: DateRange | null };
  /** The matches to write, and what to tell the caller. */
  decide(input: MatchingInput): { matches: NewMatch[]; outcome: T };
}

export interface MatchingResult<T> {
  /** The matcher's earlier matches that no longer held and were undone. */
  released: number;
  /** Whether the suggestions differ from before the run. */
  suggestionsChanged: boolean;
  outcome: T;
}

/**
 * One matching run in one unit of work: undo the matcher's own matches that no longer hold, read the
 * open lines and what they could match, drop every suggestion, and write what `plan.decide` says.
 * No confirmation or explanation can slip in between the read and the write (PostgreSQL runs it
 * again after a conflict, so `plan` must do nothing but compute).
 */
export function runMatching<T>(writer: PortableWritable, plan: MatchingPlan<T>): Promise<MatchingResult<T>> {
  return runWrite(writer, function* (db) {
    let released = 0;
    for (const held of yield* heldAutoMatches(db)) {
      const reason = plan.staleReason(held);
      if (reason === null) continue;
      yield* undoMatch(db, held.id, { ...plan.undo, reason });
      released += 1;
    }
    const before = yield* suggestionFingerprint(db);
    const rejected = yield* rejectedMatches(db);
    const lines = yield* openLines(db);
    yield* deleteSuggestions(db);
    const windows = plan.windows(lines);
    const batches = windows.batches ? yield* openBatches(db, windows.batches.from, windows.batches.to) : [];
    const returns = windows.returns ? yield* openReturns(db, windows.returns.from, windows.returns.to) : [];
    const { matches, outcome } = plan.decide({ lines, rejected, batches, returns });
    yield* insertMatches(db, matches);
    const after = yield* suggestionFingerprint(db);
    return { released, suggestionsChanged: after !== before, outcome };
  });
}
