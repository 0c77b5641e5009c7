/**
 * A bank matching run (DESIGN.md §10) is one unit of work, so nothing can confirm or explain between
 * its read (bankMatchReads.ts) and its write (bankMatches.ts).
 */
import { addDays } from '../../../../shared/time';
import {
  heldAutoMatches,
  openBatches,
  openLinesPage,
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
import type { WritableDB } from '../work/handles';
import { openSlips, type OpenSlipRow } from '../slips';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { runWrite, type Work } from '../work/work';

export interface DateRange {
  from: string;
  to: string;
}

/** What a matching run decides, given what it reads: the store only reads and writes. */
export interface MatchingPlan<T> {
  /** Who and when the run undoes its stale matches as. */
  undo: { by: string; at: string };
  /** Why one of the matcher's own live matches no longer holds, or null when it still does. */
  staleReason(held: HeldAutoMatchRow): string | null;
  /** A run's reading and deciding, begun afresh each time the unit of work runs. */
  begin(known: { rejected: RejectedMatchRow[]; payees: PayeeMerchantRow[] }): MatchingSession<T>;
}

/**
 * What the run reads is handed over a page at a time (a year is 50,000 lines and 60,000 batches):
 * the session keeps what it needs of each page, and the page is garbage once handed over.
 */
export interface MatchingSession<T> {
  /** A page of open lines (id order). */
  addLines(rows: OpenLineRow[]): void;
  /** The batch and return dates worth reading for the lines added (null: none). */
  windows(): { batches: DateRange | null; returns: DateRange | null };
  /** Verified deposit slips in the batches' window that no line holds (DESIGN.md §10), before the batches. */
  addSlips(rows: OpenSlipRow[]): void;
  /** A page of open batches (date order, then id). */
  addBatches(rows: OpenBatchRow[]): void;
  /** The matches to write (made as they are written), and what to tell the caller. */
  decide(returns: OpenReturnRow[]): { matches: Iterable<NewMatch>; outcome: T };
}

/** Open lines read at once. */
const LINE_PAGE = 5_000;
/** Calendar days of open batches read at once: a week of a large district is ~1,700 of them. */
const BATCH_PAGE_DAYS = 7;

export interface MatchingResult<T> {
  /** The matcher's earlier matches that no longer held and were undone. */
  released: number;
  /** Whether the suggestions differ from before the run. */
  suggestionsChanged: boolean;
  outcome: T;
}

/**
 * One matching run in one unit of work: undo the matcher's own matches that no longer hold, read the
 * open lines and what they could match, drop every suggestion, and write what the plan decides.
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

/** Reads what the open lines could match, a page at a time, and decides, dropping every suggestion on the way. */
function* readAndDecide<T>(
  db: Kysely<Database>,
  plan: MatchingPlan<T>,
): Work<{ matches: Iterable<NewMatch>; outcome: T }> {
  const rejected = yield* rejectedMatches(db);
  const payees = yield* payeeMerchants(db);
  const session = plan.begin({ rejected, payees });
  for (let after = 0; ;) {
    const page = yield* openLinesPage(db, after, LINE_PAGE);
    if (page.length > 0) session.addLines(page);
    if (page.length < LINE_PAGE) break;
    after = page[page.length - 1]!.id;
  }
  yield* deleteSuggestions(db);
  const windows = session.windows();
  if (windows.batches) {
    const { from, to } = windows.batches;
    session.addSlips(yield* openSlips(db, from, to));
    for (let start = from; start <= to; start = addDays(start, BATCH_PAGE_DAYS)) {
      const end = addDays(start, BATCH_PAGE_DAYS - 1);
      const page = yield* openBatches(db, start, end < to ? end : to);
      if (page.length > 0) session.addBatches(page);
    }
  }
  const returns = windows.returns ? yield* openReturns(db, windows.returns.from, windows.returns.to) : [];
  return session.decide(returns);
}
