/**
 * One matching run: release the matcher's own matches that no longer add up (a sync changed a
 * batch), read the open lines and batches, decide, and write matches and suggestions, all in one
 * unit of work of the store (runMatching) so no confirmation or explanation can slip in between the
 * read and the write. Run after each import, each sync, and each confirmation, unmatch or
 * explanation (they can free or take batches other lines were waiting on).
 */
import { toIsoUtc } from '../../../shared/time';
import type { WritableDB } from '../store/work';
import type * as Rows from '../store/bank';
import type { Clock } from '../../../shared/time';
import type { SettingsReader } from '../settings';
import type { NewMatch } from '../store/bank';
import { runMatching, type DateRange, type MatchingSession } from '../store/bank';
import { calendarSpanBefore, dayNumber, fromDayNumber } from './businessDays';
import { merchantIndex, namedPayee } from './namedPayee';
import type { OpenSlipRow } from '../store/slips';
import { candidateKey, decideTables, RETURN_WINDOW_DAYS, type LineDecision } from './matching';
import { BatchTableBuilder, DayNumbers, LineTableBuilder, type LineTable } from './matchingColumns';
import { SlipFits, slipKey, type SlipAwareDecision } from './matchingSlips';

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
  outcomes: LineOutcomes;
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
    begin: ({ rejected: undone, payees }) => new Session(options, undone, payees),
  });
  const { counts, outcomes } = outcome;
  return {
    result: { ...counts, released, changed: released > 0 || counts.matched > 0 || suggestionsChanged },
    outcomes,
  };
}

interface SessionOutcome {
  counts: Record<LineOutcome, number>;
  outcomes: LineOutcomes;
}

/**
 * One run's reading and deciding: the store hands over its rows a page at a time, and each page is
 * kept as columns (bank/matchingColumns.ts) with the payee its text names, then is garbage.
 */
class Session implements MatchingSession<SessionOutcome> {
  private readonly days = new DayNumbers();
  private readonly lines = new LineTableBuilder(this.days);
  private readonly batches = new BatchTableBuilder(this.days);
  private readonly merchants: Map<string, number>;
  /** What a person undid, by line: what the matcher must not make again. */
  private readonly rejected = new Map<number, Set<string>>();
  private readonly dates = new DateWindows();
  /** The open lines, built once the last page is in (addSlips or decide). */
  private lineTable: LineTable | null = null;
  private slipFits: SlipFits | null = null;
  /** Batches of slips some line fits: left out of the batch matcher (bank/matchingSlips.ts). */
  private heldOut = new Set<string>();

  constructor(
    private readonly options: MatchRunOptions,
    undone: readonly Rows.RejectedMatchRow[],
    payees: readonly Rows.PayeeMerchantRow[],
  ) {
    this.merchants = merchantIndex(payees);
    for (const row of undone) {
      // The matcher lets go of a slip match itself when the slip's collections reach new batches:
      // that is no one saying the slip was wrong.
      if (row.slip_id !== null && row.undone_by === MATCHER) continue;
      const keys = this.rejected.get(row.line_id) ?? new Set<string>();
      // A slip a person undid is not its batches either: they are not made again as a lump.
      keys.add(candidateKey({ batchIds: JSON.parse(row.batch_ids) as string[], transactionId: row.transaction_id }));
      if (row.slip_id !== null) keys.add(slipKey(row.slip_id));
      this.rejected.set(row.line_id, keys);
    }
  }

  addLines(rows: Rows.OpenLineRow[]): void {
    for (const row of rows) {
      this.dates.add(row.amountCents, row.postedDate);
      const payee = namedPayee(row.text, this.merchants);
      this.lines.add(row.id, row.postedDate, row.amountCents, payee, this.rejected.get(row.id));
    }
  }

  windows(): { batches: DateRange | null; returns: DateRange | null } {
    return this.dates.windows(this.options.windowDays);
  }

  addSlips(rows: OpenSlipRow[]): void {
    const lines = this.builtLines();
    this.slipFits = new SlipFits(lines, rows, this.days, this.options.windowDays);
    this.heldOut = this.slipFits.slipBatchesToHoldOut();
  }

  addBatches(rows: Rows.OpenBatchRow[]): void {
    for (const row of rows) if (!this.heldOut.has(row.id)) this.batches.add(row);
  }

  /** In posting order, then id, as the matcher has always been given them. */
  private builtLines(): LineTable {
    return (this.lineTable ??= this.lines.build(true));
  }

  decide(returns: Rows.OpenReturnRow[]): { matches: Iterable<NewMatch>; outcome: SessionOutcome } {
    const lines = this.builtLines();
    const counts: Record<LineOutcome, number> = { matched: 0, suggested: 0, unmatched: 0 };
    if (lines.count === 0) return { matches: [], outcome: { counts, outcomes: new LineOutcomes(lines, null) } };
    const decisions = decideTables({
      lines,
      batches: this.batches.build(),
      returns: returns.map((r) => ({ id: r.id, date: r.business_date, amountCents: r.amount_cents })),
      windowDays: this.options.windowDays,
      days: this.days,
    });
    const slipFits = this.slipFits;
    // Lines fitting a slip are decided again with it (few: an office's day of cash and checks).
    const bySlip = new Map<number, SlipAwareDecision>();
    if (slipFits !== null && slipFits.size > 0) {
      for (let k = 0; k < decisions.count; k++) {
        const decided = slipFits.decide(k, decisions);
        if (decided.choices.some((c) => c.slipId !== null)) bySlip.set(k, decided);
      }
    }
    const outcomeOf = (k: number) => bySlip.get(k)?.outcome ?? decisions.outcome(k);
    for (let k = 0; k < decisions.count; k++) counts[outcomeOf(k)] += 1;
    const decisionOf = (k: number): SlipAwareDecision =>
      bySlip.get(k) ?? slipFits?.decide(k, decisions) ?? plain(decisions.decision(k));
    return {
      matches: matchesOf(decisions.count, outcomeOf, decisionOf, this.options.at),
      outcome: { counts, outcomes: new LineOutcomes(lines, outcomeOf) },
    };
  }
}

function plain(decision: LineDecision): SlipAwareDecision {
  return {
    lineId: decision.lineId,
    outcome: decision.outcome,
    choices: decision.candidates.map((c) => ({ ...c, slipId: null })),
  };
}

/** The matches and suggestions to write, made as the store writes them (a year's are some 50,000). */
function* matchesOf(
  count: number,
  outcomeOf: (k: number) => LineOutcome,
  decisionOf: (k: number) => SlipAwareDecision,
  at: string,
): Generator<NewMatch, void, undefined> {
  for (let k = 0; k < count; k++) {
    const outcome = outcomeOf(k);
    if (outcome === 'unmatched') continue;
    const { lineId, choices } = decisionOf(k);
    for (const [index, choice] of choices.entries()) {
      yield {
        lineId,
        how: choice.how,
        status: outcome === 'matched' ? 'matched' : 'suggested',
        rank: outcome === 'matched' ? 0 : index + 1,
        batchIds: choice.batchIds,
        transactionId: choice.transactionId,
        slipId: choice.slipId,
        gapDays: choice.gapDays,
        createdAt: at,
      };
      if (outcome === 'matched') break;
    }
  }
}

const OUTCOMES: readonly LineOutcome[] = ['matched', 'suggested', 'unmatched'];

/** What each line a run decided is now, by line id: ids sorted beside their outcomes (no map of 50,000). */
export class LineOutcomes {
  private readonly ids: Float64Array;
  private readonly codes: Uint8Array;

  constructor(lines: LineTable, outcomeOf: ((k: number) => LineOutcome) | null) {
    const n = outcomeOf === null ? 0 : lines.count;
    const order = new Int32Array(n);
    let sorted = true;
    for (let k = 0; k < n; k++) {
      order[k] = k;
      if (k > 0 && lines.id[k - 1]! > lines.id[k]!) sorted = false;
    }
    // A statement's lines are stored in date order: their ids are mostly in order already.
    if (!sorted) order.sort((a, b) => lines.id[a]! - lines.id[b]!);
    this.ids = new Float64Array(n);
    this.codes = new Uint8Array(n);
    for (let j = 0; j < n; j++) {
      this.ids[j] = lines.id[order[j]!]!;
      this.codes[j] = OUTCOMES.indexOf(outcomeOf!(order[j]!));
    }
  }

  get(lineId: number): LineOutcome | undefined {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ids[mid]! < lineId) lo = mid + 1;
      else hi = mid;
    }
    return this.ids[lo] === lineId ? OUTCOMES[this.codes[lo]!] : undefined;
  }
}

/** What a matching run takes: the store to write, the settings' window, the time. */
export interface RematchDeps {
  store: { writer: WritableDB };
  settings: SettingsReader;
  clock: Clock;
}

/** Reads the settings' window and runs matching: what the import, the sync and the handlers call. */
export async function rematchBank(deps: RematchDeps): Promise<MatchRunResult> {
  return (await rematchWithOutcomes(deps)).result;
}

/** rematchBank, with each decided line's outcome (the import's summary counts its file's lines). */
export async function rematchWithOutcomes(deps: RematchDeps): Promise<MatchRunOutcomes> {
  const { bankMatchWindowDays } = await deps.settings();
  return matchWithOutcomes(deps.store.writer, {
    windowDays: bankMatchWindowDays,
    at: toIsoUtc(deps.clock.now()),
  });
}

/**
 * The batch dates the credits could match (from the window before the first through the last) and
 * the dates of returned transactions the debits could match, kept as the lines are read (ISO dates
 * order as text).
 */
class DateWindows {
  private credits: DateRange | null = null;
  private debits: DateRange | null = null;

  add(amountCents: number, postedDate: string): void {
    if (amountCents === 0) return;
    const range = amountCents > 0 ? this.credits : this.debits;
    if (range === null) {
      if (amountCents > 0) this.credits = { from: postedDate, to: postedDate };
      else this.debits = { from: postedDate, to: postedDate };
    } else if (postedDate < range.from) range.from = postedDate;
    else if (postedDate > range.to) range.to = postedDate;
  }

  windows(windowDays: number): { batches: DateRange | null; returns: DateRange | null } {
    const before = (range: DateRange | null, days: number) =>
      range && { from: fromDayNumber(calendarSpanBefore(dayNumber(range.from), days)), to: range.to };
    return { batches: before(this.credits, windowDays), returns: before(this.debits, RETURN_WINDOW_DAYS) };
  }
}

/**
 * Why one of the matcher's own matches (never a person's confirmation) no longer holds: its batches
 * no longer add up to the line, or its transaction is no longer Returned. A sync changed them, so the
 * match is undone with that reason and the line is matched afresh.
 */
function staleReason(held: Rows.HeldAutoMatchRow): string | null {
  if (held.slip_id !== null) {
    if (held.slip_cents !== held.line_amount_cents) return 'The deposit slip changed or is gone; matched afresh';
    return held.slip_new_batch_ids.length === 0
      ? null
      : 'The deposit slip’s collections were settled into deposits since; matched afresh';
  }
  if (held.transaction_id !== null) {
    return held.return_cents === -held.line_amount_cents
      ? null
      : 'The returned transaction changed in a sync (amount or status); matched afresh';
  }
  if (held.held_count !== held.batch_count) return 'A matched deposit is no longer in the store; matched afresh';
  const sums = held.how === 'net' ? [held.partial_cents] : [held.total_cents, held.partial_cents];
  return sums.includes(held.line_amount_cents) ? null : 'A matched deposit changed in a sync; matched afresh';
}
