/**
 * The bookkeeper's decisions on the bank side as units of work: each reads the state its decision
 * depends on, hands it to the caller's `decide` (which refuses by throwing, or says what to write),
 * and writes that, in one transaction. Two decisions can never both act on the same state: SQLite
 * runs a unit to its end before anything else touches the connection; PostgreSQL runs it SERIALIZABLE
 * and again after a conflict, when `decide` sees the other's write (so `decide` only computes).
 */
import type { Kysely } from 'kysely';
import {
  explanationById,
  insertExplanation,
  liveExplanationOfBatch,
  liveExplanationOfLine,
  undoExplanation,
  type NewExplanation,
} from './bankExplanations';
import {
  batchDates,
  deleteSuggestions,
  holderOfReturn,
  holdersOf,
  insertMatches,
  liveMatchOfLine,
  markConfirmed,
  suggestionsOfLine,
  transactionForReturn,
  undoMatch,
  type NewMatch,
  type ReturnTransaction,
  type UndoValues,
} from './bankMatches';
import { lineRow, type ListedLineRow } from './bankQueries';
import type { WritableDB } from '../work/handles';
import type { BankExplanationRow, BankMatchRow, Database } from '../schema';
import { runWrite, type Work } from '../work/work';
import { refuseClosedBatches, refuseClosedLine } from '../months/repository';

export interface LineState {
  /** Undefined when there is no such line. */
  line: ListedLineRow | undefined;
  /** The match that holds the line (the matcher's or confirmed). */
  live: BankMatchRow | undefined;
  explanation: BankExplanationRow | undefined;
  suggestions: BankMatchRow[];
}

export interface DepositState {
  batchId: string;
  /** Null when the batch is not in the store. */
  date: string | null;
  /** The line holding the batch, if any. */
  holder: number | null;
  explained: boolean;
}

export interface ReturnState {
  transaction: ReturnTransaction | undefined;
  /** The line the transaction is matched to, if any. */
  holder: number | null;
}

function* lineState(db: Kysely<Database>, lineId: number): Work<LineState> {
  return {
    line: yield* lineRow(db, lineId),
    live: yield* liveMatchOfLine(db, lineId),
    explanation: yield* liveExplanationOfLine(db, lineId),
    suggestions: yield* suggestionsOfLine(db, lineId),
  };
}

function* depositStates(db: Kysely<Database>, batchIds: readonly string[]): Work<DepositState[]> {
  const dates = yield* batchDates(db, batchIds);
  const holders = yield* holdersOf(db, batchIds);
  const states: DepositState[] = [];
  for (const batchId of batchIds) {
    states.push({
      batchId,
      date: dates.get(batchId) ?? null,
      holder: holders.get(batchId) ?? null,
      explained: (yield* liveExplanationOfBatch(db, batchId)) !== undefined,
    });
  }
  return states;
}

export interface ConfirmRequest {
  lineId: number;
  batchIds: readonly string[];
  transactionId: number | null;
  /** A deposit slip the line is suggested for: its batches are the suggestion's. */
  slipId?: string | null;
}

export interface ConfirmState extends LineState {
  /** The request's batches (none for a return). */
  deposits: DepositState[];
  /** The request's returned transaction; null when it names none. */
  returned: ReturnState | null;
}

/** Confirm the live match of this id, write a new confirmed match, or (null) nothing to do. */
export type ConfirmStep = { confirm: number; by: string; at: string } | { insert: NewMatch } | null;

/** A confirmation: the line's state and the request's deposits or return, decided and written at once. */
export function confirmMatchGuarded(
  writer: WritableDB,
  request: ConfirmRequest,
  decide: (state: ConfirmState) => ConfirmStep,
): Promise<void> {
  return runWrite(writer, function* (db) {
    // A closed month is locked (DESIGN.md §13): the line's deposits, and the ones it would now pay.
    yield* refuseClosedLine(db, request.lineId, `Cannot confirm bank line ${request.lineId}`);
    const line = yield* lineState(db, request.lineId);
    const slipSuggestion = request.slipId ? line.suggestions.find((s) => s.slip_id === request.slipId) : undefined;
    const batchIds = slipSuggestion ? (JSON.parse(slipSuggestion.batch_ids) as string[]) : request.batchIds;
    yield* refuseClosedBatches(db, batchIds, `Cannot confirm bank line ${request.lineId}`);
    const returned =
      request.transactionId === null
        ? null
        : {
            transaction: yield* transactionForReturn(db, request.transactionId),
            holder: yield* holderOfReturn(db, request.transactionId),
          };
    const step = decide({ ...line, deposits: yield* depositStates(db, batchIds), returned });
    if (step === null) return;
    if ('confirm' in step) {
      yield* markConfirmed(db, step.confirm, step.by, step.at);
      return;
    }
    yield* deleteSuggestions(db, step.insert.lineId);
    yield* insertMatches(db, [step.insert]);
  });
}

/** Undoing a line's live match: `decide` sees the line and names the match to undo and why. */
export function unmatchGuarded(
  writer: WritableDB,
  lineId: number,
  decide: (state: LineState) => UndoValues & { matchId: number },
): Promise<void> {
  return runWrite(writer, function* (db) {
    yield* refuseClosedLine(db, lineId, `Cannot unmatch bank line ${lineId}`);
    const { matchId, ...undo } = decide(yield* lineState(db, lineId));
    yield* undoMatch(db, matchId, undo);
  });
}

export interface ExplainState {
  /** When a line is explained. */
  line: LineState | null;
  /** When a batch is explained. */
  deposit: DepositState | null;
}

/** An explanation of a line or a batch; a line's suggestions go with it. The row written. */
export function explainGuarded(
  writer: WritableDB,
  target: { lineId: number } | { batchId: string },
  decide: (state: ExplainState) => NewExplanation,
): Promise<BankExplanationRow> {
  return runWrite(writer, function* (db) {
    if ('lineId' in target) yield* refuseClosedLine(db, target.lineId, `Cannot explain bank line ${target.lineId}`);
    else yield* refuseClosedBatches(db, [target.batchId], `Cannot explain deposit ${target.batchId}`);
    const state: ExplainState =
      'lineId' in target
        ? { line: yield* lineState(db, target.lineId), deposit: null }
        : { line: null, deposit: (yield* depositStates(db, [target.batchId]))[0]! };
    const explanation = decide(state);
    if (explanation.lineId !== null) yield* deleteSuggestions(db, explanation.lineId);
    return yield* insertExplanation(db, explanation);
  });
}

/** Undoing an explanation: `decide` sees it (undefined: no such explanation). The row as undone. */
export function unexplainGuarded(
  writer: WritableDB,
  id: number,
  decide: (row: BankExplanationRow | undefined) => UndoValues,
): Promise<BankExplanationRow> {
  return runWrite(writer, function* (db) {
    const explained = yield* explanationById(db, id);
    if (explained?.line_id != null)
      yield* refuseClosedLine(db, explained.line_id, `Cannot undo the explanation of bank line ${explained.line_id}`);
    if (explained?.batch_id != null)
      yield* refuseClosedBatches(
        db,
        [explained.batch_id],
        `Cannot undo the explanation of deposit ${explained.batch_id}`,
      );
    const undo = decide(explained);
    yield* undoExplanation(db, { id, ...undo });
    return (yield* explanationById(db, id))!;
  });
}
