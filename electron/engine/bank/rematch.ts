/**
 * One matching run: release the matcher's own matches that no longer add up (a sync changed a
 * batch), read the open lines and batches, decide, and write matches and suggestions, all in one
 * synchronous transaction so no confirmation or explanation can slip in between the read and the
 * write. Run after each import, each sync, and each confirmation, unmatch or explanation (they can
 * free or take batches other lines were waiting on).
 */
import { toIsoUtc } from '../../../shared/time';
import type { EngineContext } from '../context';
import { readSettings } from '../settings';
import { inTransaction, type WritableDB } from '../store/handles';
import {
  deleteSuggestions,
  heldAutoMatches,
  insertMatch,
  openBatches,
  openLines,
  openReturns,
  rejectedMatches,
  suggestionFingerprint,
  undoMatch,
  type HeldAutoMatchRow,
} from '../store/bankMatches';
import { calendarSpanBefore, dayNumber, fromDayNumber } from './businessDays';
import { candidateKey, decideMatches, RETURN_WINDOW_DAYS, type MatchLine } from './matching';

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

export interface MatchRunOptions {
  windowDays: number;
  /** Now, ISO UTC: when the matches were made. */
  at: string;
}

export function runBankMatching(writer: WritableDB, options: MatchRunOptions): MatchRunResult {
  return inTransaction(writer, () => {
    const released = releaseStale(writer, options.at);
    const before = suggestionFingerprint(writer);
    const rejected = new Map<number, Set<string>>();
    for (const row of rejectedMatches(writer)) {
      const keys = rejected.get(row.line_id) ?? new Set<string>();
      keys.add(candidateKey({ batchIds: JSON.parse(row.batch_ids) as string[], transactionId: row.transaction_id }));
      rejected.set(row.line_id, keys);
    }
    const lines: MatchLine[] = openLines(writer).map((row) => ({
      id: row.id,
      postedDate: row.posted_date,
      amountCents: row.amount_cents,
      rejected: rejected.get(row.id),
    }));
    deleteSuggestions(writer);
    if (lines.length === 0) {
      return { matched: 0, suggested: 0, unmatched: 0, released, changed: released > 0 || before !== '' };
    }
    const credits = lines.filter((l) => l.amountCents > 0);
    const debits = lines.filter((l) => l.amountCents < 0);
    const batches = credits.length ? batchesFor(writer, credits, options.windowDays) : [];
    const returns = debits.length ? returnsFor(writer, debits) : [];
    const decisions = decideMatches({ lines, batches, returns, windowDays: options.windowDays });
    const counts = { matched: 0, suggested: 0, unmatched: 0 };
    for (const decision of decisions) {
      counts[decision.outcome] += 1;
      if (decision.outcome === 'unmatched') continue;
      decision.candidates.forEach((candidate, index) => {
        insertMatch(writer, {
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
    const changed = released > 0 || counts.matched > 0 || suggestionFingerprint(writer) !== before;
    return { ...counts, released, changed };
  });
}

/** Reads the settings' window and runs matching: what the import, the sync and the handlers call. */
export async function rematchBank(ctx: EngineContext): Promise<MatchRunResult> {
  const { bankMatchWindowDays } = await readSettings(ctx);
  return runBankMatching(ctx.store.writer, {
    windowDays: bankMatchWindowDays,
    at: toIsoUtc(ctx.clock.now()),
  });
}

function batchesFor(writer: WritableDB, credits: MatchLine[], windowDays: number) {
  const days = credits.map((l) => dayNumber(l.postedDate));
  const from = fromDayNumber(calendarSpanBefore(Math.min(...days), windowDays));
  const to = fromDayNumber(Math.max(...days));
  return openBatches(writer, from, to).map((b) => ({
    id: b.id,
    payeeId: b.payee_id,
    paymentMethod: b.payment_method,
    date: b.date,
    totalCents: b.total_cents,
    partialCents: b.partial_cents,
  }));
}

function returnsFor(writer: WritableDB, debits: MatchLine[]) {
  const dates = debits.map((l) => l.postedDate).sort();
  const from = fromDayNumber(calendarSpanBefore(dayNumber(dates[0]!), RETURN_WINDOW_DAYS));
  return openReturns(writer, from, dates[dates.length - 1]!).map((r) => ({
    id: r.id,
    date: r.business_date,
    amountCents: r.amount_cents,
  }));
}

/**
 * The matcher's own matches (never a person's confirmation) whose batches no longer add up to the
 * line, or whose transaction is no longer Returned: a sync changed them, so the match is undone
 * with that reason and the line is matched afresh.
 */
function releaseStale(writer: WritableDB, at: string): number {
  let released = 0;
  for (const held of heldAutoMatches(writer)) {
    const reason = staleReason(held);
    if (!reason) continue;
    undoMatch(writer, held.id, MATCHER, at, reason);
    released += 1;
  }
  return released;
}

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
