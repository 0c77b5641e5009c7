/**
 * One matching run: release the matcher's own matches that no longer add up (a sync changed a
 * batch), read the open lines and batches, decide, and write matches and suggestions, all in one
 * unit of work of the store (runMatching) so no confirmation or explanation can slip in between the
 * read and the write. Run after each import, each sync, and each confirmation, unmatch or
 * explanation (they can free or take batches other lines were waiting on).
 */
import { toIsoUtc } from '../../../shared/time';
import type { EngineContext } from '../context';
import { readSettings } from '../settings';
import type { WritableDB } from '../store/handles';
import type { HeldAutoMatchRow, OpenLineRow } from '../store/bankMatchReads';
import type { NewMatch } from '../store/bankMatches';
import { runMatching, type DateRange } from '../store/bankMatchingRun';
import { calendarSpanBefore, dayNumber, fromDayNumber } from './businessDays';
import { merchantIndex, namedPayee } from './namedPayee';
import { candidateKey, decideMatches, RETURN_WINDOW_DAYS, type LineDecision, type MatchLine } from './matching';

/** Who the store records for what the matcher itself does (and undoes). */
export const MATCHER = 'matching';

export interface MatchRunResult {
  matched: number;
  suggested: number;
  unmatched: number;
  /** The matcher's earlier matches that no longer added up and were undone. */
  released: number;
  /** Whether any match or suggestion changed: worth a data.changed 'bank'. */
  changed: boolean;
}

/** A run, and what each line it looked at (every open line) is now: its state without reading it again. */
export interface MatchRunOutcomes {
  result: MatchRunResult;
  outcomes: ReadonlyMap<number, LineOutcome>;
}

export type LineOutcome = LineDecision['outcome'];

export interface MatchRunOptions {
  windowDays: number;
  /** Now, ISO UTC: when the matches were made. */
  at: string;
}

export async function runBankMatching(writer: WritableDB, options: MatchRunOptions): Promise<MatchRunResult> {
  return (await matchWithOutcomes(writer, options)).result;
}

async function matchWithOutcomes(writer: WritableDB, options: MatchRunOptions): Promise<MatchRunOutcomes> {
  const { released, suggestionsChanged, outcome } = await runMatching(writer, {
    undo: { by: MATCHER, at: options.at },
    staleReason,
    windows: (lines) => dateWindows(lines, options.windowDays),
    decide: ({ lines: open, rejected: undone, batches, returns, payees }) => {
      const rejected = new Map<number, Set<string>>();
      for (const row of undone) {
        const keys = rejected.get(row.line_id) ?? new Set<string>();
        keys.add(candidateKey({ batchIds: JSON.parse(row.batch_ids) as string[], transactionId: row.transaction_id }));
        rejected.set(row.line_id, keys);
      }
      // The rows are the matcher's lines as read (not copies), with the payee each names and what a person undid.
      const merchants = merchantIndex(payees);
      const lines: MatchLine[] = open.map((row) => {
        const line: MatchLine = row;
        line.payeeId = namedPayee(row.text, merchants);
        line.rejected = rejected.get(row.id);
        return line;
      });
      const counts = { matched: 0, suggested: 0, unmatched: 0 };
      const outcomes = new Map<number, LineOutcome>();
      const matches: NewMatch[] = [];
      if (lines.length === 0) return { matches, outcome: { counts, outcomes } };
      const decisions = decideMatches({
        lines,
        batches,
        returns: returns.map((r) => ({ id: r.id, date: r.business_date, amountCents: r.amount_cents })),
        windowDays: options.windowDays,
      });
      for (const decision of decisions) {
        counts[decision.outcome] += 1;
        outcomes.set(decision.lineId, decision.outcome);
        if (decision.outcome === 'unmatched') continue;
        decision.candidates.forEach((candidate, index) => {
          matches.push({
            lineId: decision.lineId,
            how: candidate.how,
            status: decision.outcome === 'matched' ? 'matched' : 'suggested',
            rank: decision.outcome === 'matched' ? 0 : index + 1,
            batchIds: candidate.batchIds,
            transactionId: candidate.transactionId,
            gapDays: candidate.gapDays,
            createdAt: options.at,
          });
        });
      }
      return { matches, outcome: { counts, outcomes } };
    },
  });
  const { counts, outcomes } = outcome;
  return {
    result: { ...counts, released, changed: released > 0 || counts.matched > 0 || suggestionsChanged },
    outcomes,
  };
}

/** Reads the settings' window and runs matching: what the import, the sync and the handlers call. */
export async function rematchBank(ctx: EngineContext): Promise<MatchRunResult> {
  return (await rematchWithOutcomes(ctx)).result;
}

/** rematchBank, with each decided line's outcome (the import's summary counts its file's lines). */
export async function rematchWithOutcomes(ctx: EngineContext): Promise<MatchRunOutcomes> {
  const { bankMatchWindowDays } = await readSettings(ctx);
  return matchWithOutcomes(ctx.store.writer, {
    windowDays: bankMatchWindowDays,
    at: toIsoUtc(ctx.clock.now()),
  });
}

/**
 * The batch dates the credits could match (from the window before the first through the last) and
 * the dates of returned transactions the debits could match: one pass over the open lines, with no
 * list of a year's dates (ISO dates order as text).
 */
function dateWindows(
  lines: readonly OpenLineRow[],
  windowDays: number,
): { batches: DateRange | null; returns: DateRange | null } {
  let credits: DateRange | null = null;
  let debits: DateRange | null = null;
  for (const { amountCents, postedDate } of lines) {
    if (amountCents === 0) continue;
    const range = amountCents > 0 ? credits : debits;
    if (range === null) {
      if (amountCents > 0) credits = { from: postedDate, to: postedDate };
      else debits = { from: postedDate, to: postedDate };
    } else if (postedDate < range.from) range.from = postedDate;
    else if (postedDate > range.to) range.to = postedDate;
  }
  const before = (range: DateRange | null, days: number) =>
    range && { from: fromDayNumber(calendarSpanBefore(dayNumber(range.from), days)), to: range.to };
  return { batches: before(credits, windowDays), returns: before(debits, RETURN_WINDOW_DAYS) };
}

/**
 * Why one of the matcher's own matches (never a person's confirmation) no longer holds: its batches
 * no longer add up to the line, or its transaction is no longer Returned. A sync changed them, so the
 * match is undone with that reason and the line is matched afresh.
 */
function staleReason(held: HeldAutoMatchRow): string | null {
  if (held.transaction_id !== null) {
    return held.return_cents === -held.line_amount_cents
      ? null
      : 'The returned transaction changed in a sync (amount or status); matched afresh';
  }
  if (held.held_count !== held.batch_count) return 'A matched deposit is no longer in the store; matched afresh';
  const sums = held.how === 'net' ? [held.partial_cents] : [held.total_cents, held.partial_cents];
  return sums.includes(held.line_amount_cents) ? null : 'A matched deposit changed in a sync; matched afresh';
}
