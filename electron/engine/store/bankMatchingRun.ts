/**
 * A bank matching run (DESIGN.md §10) is one unit of work, so nothing can confirm or explain between
 * its read (bankMatchReads.ts) and its write (bankMatches.ts).
 */
import {
  heldAutoMatches,
  openBatches,
  openLines,
  openReturns,
  payeeMerchants,
  rejectedMatches,
} from './bankMatchReads';
import type {
  HeldAutoMatchRow,
  OpenBatchRow,
  OpenLineRow,
  OpenReturnRow,
  PayeeMerchantRow,
  RejectedMatchRow,
} from './bankMatchReads';
import { deleteSuggestions, insertMatches, suggestionFingerprint, undoMatch, type NewMatch } from './bankMatches';
import type { WritableDB } from './handles';
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { runWrite, type Work } from './work';

export interface DateRange {
  from: string;
  to: string;
}

export interface MatchingInput {
  lines: OpenLineRow[];
  rejected: RejectedMatchRow[];
  batches: OpenBatchRow[];
  returns: OpenReturnRow[];
  payees: PayeeMerchantRow[];
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
export function runMatching<T>(writer: WritableDB, plan: MatchingPlan<T>): Promise<MatchingResult<T>> {
  return runWrite(writer, function* (db) {
    let released = 0;
    for (const held of yield* heldAutoMatches(db)) {
      const reason = plan.staleReason(held);
      if (reason === null) continue;
      yield* undoMatch(db, held.id, { ...plan.undo, reason });
      released += 1;
    }
    const before = yield* suggestionFingerprint(db);
    const { matches, outcome } = yield* readAndDecide(db, plan);
    yield* insertMatches(db, matches);
    const after = yield* suggestionFingerprint(db);
    return { released, suggestionsChanged: after !== before, outcome };
  });
}

/**
 * Reads what the open lines could match and decides, dropping every suggestion on the way. A frame of
 * its own: what it read (a year's 50,000 lines and 60,000 batches) is garbage once it has decided,
 * not held by the run while the matches are written.
 */
function* readAndDecide<T>(db: Kysely<Database>, plan: MatchingPlan<T>): Work<{ matches: NewMatch[]; outcome: T }> {
  const rejected = yield* rejectedMatches(db);
  const lines = yield* openLines(db);
  yield* deleteSuggestions(db);
  const windows = plan.windows(lines);
  const batches = windows.batches ? yield* openBatches(db, windows.batches.from, windows.batches.to) : [];
  const returns = windows.returns ? yield* openReturns(db, windows.returns.from, windows.returns.to) : [];
  const payees = yield* payeeMerchants(db);
  return plan.decide({ lines, rejected, batches, returns, payees });
}
