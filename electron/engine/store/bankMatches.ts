/**
 * Bank matches (DESIGN.md §10): what the matcher reads (open lines, open batches, returned ACH
 * transactions, its own earlier matches) and what it and the bookkeeper write. Every function is
 * synchronous on the raw connection so the matcher can read, decide and write in one transaction
 * (nothing can confirm or explain in between). A batch is held by one line: bank_matched_batches'
 * primary key refuses a second, whatever the caller believed.
 */
import type { ReadableDB, WritableDB } from './handles';
import type { BankMatchRow } from './schema';
import { statement } from './statements';

/** A match that holds its batches (or its returned transaction): made by the matcher or confirmed. */
const LIVE = `status <> 'suggested' AND undone_at IS NULL`;

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

/** Lines with no live match and no live explanation: the ones the matcher works on. */
export function openLines({ sqlite }: ReadableDB): OpenLineRow[] {
  return statement(
    sqlite,
    `SELECT l.id, l.posted_date, l.amount_cents FROM bank_lines l
     WHERE NOT EXISTS (SELECT 1 FROM bank_matches m WHERE m.line_id = l.id AND m.${LIVE})
       AND NOT EXISTS (SELECT 1 FROM bank_explanations e WHERE e.line_id = l.id AND e.undone_at IS NULL)
     ORDER BY l.posted_date, l.id`,
  ).all() as OpenLineRow[];
}

/** Undone matches per line: what a person said was wrong is never made again by the matcher. */
export function rejectedMatches({
  sqlite,
}: ReadableDB): { line_id: number; batch_ids: string; transaction_id: number | null }[] {
  return statement(
    sqlite,
    `SELECT line_id, batch_ids, transaction_id FROM bank_matches WHERE status <> 'suggested' AND undone_at IS NOT NULL`,
  ).all() as { line_id: number; batch_ids: string; transaction_id: number | null }[];
}

/** Batches dated from..to that no line holds and nobody explained. */
export function openBatches({ sqlite }: ReadableDB, from: string, to: string): OpenBatchRow[] {
  return statement(
    sqlite,
    `SELECT b.id, b.payee_id, b.payment_method, b.date, b.total_cents, b.partial_cents FROM batches b
     WHERE b.date BETWEEN ? AND ?
       AND NOT EXISTS (SELECT 1 FROM bank_matched_batches h WHERE h.batch_id = b.id)
       AND NOT EXISTS (SELECT 1 FROM bank_explanations e WHERE e.batch_id = b.id AND e.undone_at IS NULL)
     ORDER BY b.date, b.id`,
  ).all(from, to) as OpenBatchRow[];
}

/** ACH transactions the service reports Returned, dated from..to, that no line holds. */
export function openReturns({ sqlite }: ReadableDB, from: string, to: string): OpenReturnRow[] {
  return statement(
    sqlite,
    `SELECT t.id, t.business_date, t.amount_cents FROM transactions t
     WHERE t.status = 'Returned' AND t.payment_method = 'ACH' AND t.business_date BETWEEN ? AND ?
       AND NOT EXISTS (SELECT 1 FROM bank_matches m WHERE m.transaction_id = t.id AND m.${LIVE})
     ORDER BY t.business_date, t.id`,
  ).all(from, to) as OpenReturnRow[];
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
export function heldAutoMatches({ sqlite }: ReadableDB): HeldAutoMatchRow[] {
  return statement(
    sqlite,
    `SELECT m.id, l.amount_cents AS line_amount_cents, m.how, json_array_length(m.batch_ids) AS batch_count,
       (SELECT COUNT(*) FROM bank_matched_batches h JOIN batches b ON b.id = h.batch_id WHERE h.match_id = m.id) AS held_count,
       (SELECT SUM(b.total_cents) FROM bank_matched_batches h JOIN batches b ON b.id = h.batch_id WHERE h.match_id = m.id) AS total_cents,
       (SELECT SUM(b.partial_cents) FROM bank_matched_batches h JOIN batches b ON b.id = h.batch_id WHERE h.match_id = m.id) AS partial_cents,
       (SELECT t.amount_cents FROM transactions t WHERE t.id = m.transaction_id AND t.status = 'Returned') AS return_cents,
       m.transaction_id
     FROM bank_matches m JOIN bank_lines l ON l.id = m.line_id
     WHERE m.status = 'matched' AND m.undone_at IS NULL`,
  ).all() as HeldAutoMatchRow[];
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

/** Inserts a match; a live one also takes its batches (a batch another line holds throws). */
export function insertMatch({ sqlite }: WritableDB, match: NewMatch): number {
  const id = Number(
    statement(
      sqlite,
      `INSERT INTO bank_matches (line_id, how, status, rank, batch_ids, transaction_id, gap_days, created_at, confirmed_by, confirmed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      match.lineId,
      match.how,
      match.status,
      match.rank,
      JSON.stringify(match.batchIds),
      match.transactionId,
      match.gapDays,
      match.createdAt,
      match.confirmedBy ?? null,
      match.confirmedAt ?? null,
    ).lastInsertRowid,
  );
  if (match.status !== 'suggested') {
    const hold = statement(sqlite, 'INSERT INTO bank_matched_batches (batch_id, match_id, line_id) VALUES (?, ?, ?)');
    for (const batchId of match.batchIds) hold.run(batchId, id, match.lineId);
  }
  return id;
}

/** Suggestions are recomputed by every matching run (or dropped once a line is decided). */
export function deleteSuggestions({ sqlite }: WritableDB, lineId?: number): void {
  if (lineId === undefined) statement(sqlite, `DELETE FROM bank_matches WHERE status = 'suggested'`).run();
  else statement(sqlite, `DELETE FROM bank_matches WHERE status = 'suggested' AND line_id = ?`).run(lineId);
}

/** What the suggestions are, to tell whether a matching run changed them. */
export function suggestionFingerprint({ sqlite }: ReadableDB): string {
  const rows = statement(
    sqlite,
    `SELECT line_id, batch_ids, transaction_id FROM bank_matches WHERE status = 'suggested' ORDER BY line_id, rank`,
  ).all() as { line_id: number; batch_ids: string; transaction_id: number | null }[];
  return rows.map((r) => `${r.line_id}:${r.batch_ids}:${r.transaction_id ?? ''}`).join('|');
}

export function undoMatch({ sqlite }: WritableDB, matchId: number, by: string, at: string, reason: string): void {
  statement(
    sqlite,
    `UPDATE bank_matches SET undone_by = ?, undone_at = ?, undone_reason = ? WHERE id = ? AND undone_at IS NULL`,
  ).run(by, at, reason, matchId);
  statement(sqlite, 'DELETE FROM bank_matched_batches WHERE match_id = ?').run(matchId);
}

export function markConfirmed({ sqlite }: WritableDB, matchId: number, by: string, at: string): void {
  statement(
    sqlite,
    `UPDATE bank_matches SET status = 'confirmed', confirmed_by = ?, confirmed_at = ? WHERE id = ?`,
  ).run(by, at, matchId);
}

export function liveMatchOfLine({ sqlite }: ReadableDB, lineId: number): BankMatchRow | undefined {
  return statement(sqlite, `SELECT * FROM bank_matches WHERE line_id = ? AND ${LIVE}`).get(lineId) as
    BankMatchRow | undefined;
}

export function suggestionsOfLine({ sqlite }: ReadableDB, lineId: number): BankMatchRow[] {
  return statement(sqlite, `SELECT * FROM bank_matches WHERE line_id = ? AND status = 'suggested' ORDER BY rank`).all(
    lineId,
  ) as BankMatchRow[];
}

/** Which line holds each of these batches, if any. */
export function holdersOf({ sqlite }: ReadableDB, batchIds: readonly string[]): Map<string, number> {
  const find = statement(sqlite, 'SELECT line_id FROM bank_matched_batches WHERE batch_id = ?');
  const holders = new Map<string, number>();
  for (const batchId of batchIds) {
    const row = find.get(batchId) as { line_id: number } | undefined;
    if (row) holders.set(batchId, row.line_id);
  }
  return holders;
}

/** The line a returned transaction is matched to, if any. */
export function holderOfReturn({ sqlite }: ReadableDB, transactionId: number): number | null {
  const row = statement(sqlite, `SELECT line_id FROM bank_matches WHERE transaction_id = ? AND ${LIVE}`).get(
    transactionId,
  ) as { line_id: number } | undefined;
  return row?.line_id ?? null;
}

/** The batches of these ids that exist, with their dates. */
export function batchDates({ sqlite }: ReadableDB, batchIds: readonly string[]): Map<string, string> {
  const find = statement(sqlite, 'SELECT date FROM batches WHERE id = ?');
  const dates = new Map<string, string>();
  for (const batchId of batchIds) {
    const row = find.get(batchId) as { date: string } | undefined;
    if (row) dates.set(batchId, row.date);
  }
  return dates;
}

export function transactionForReturn(
  { sqlite }: ReadableDB,
  id: number,
): { id: number; status: string; business_date: string; amount_cents: number } | undefined {
  return statement(sqlite, 'SELECT id, status, business_date, amount_cents FROM transactions WHERE id = ?').get(id) as
    { id: number; status: string; business_date: string; amount_cents: number } | undefined;
}
