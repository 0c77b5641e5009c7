/**
 * Explanations of bank lines and batches that cannot match (a processor fee, rounding, cash over or
 * short, NSF, a chargeback, other), with who and when. Undoing keeps the row with who, when and why;
 * the partial unique indexes of migration 007 allow one live explanation per line and per batch.
 */
import type { ReadableDB, WritableDB } from './handles';
import type { BankExplanationRow } from './schema';
import { statement } from './statements';

export interface NewExplanation {
  lineId: number | null;
  batchId: string | null;
  kind: string;
  note: string;
  by: string;
  at: string;
}

export function insertExplanation(writer: WritableDB, e: NewExplanation): BankExplanationRow {
  const id = statement(
    writer.sqlite,
    'INSERT INTO bank_explanations (line_id, batch_id, kind, note, by, at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(e.lineId, e.batchId, e.kind, e.note, e.by, e.at).lastInsertRowid;
  return getExplanation(writer, Number(id))!;
}

export function getExplanation({ sqlite }: ReadableDB, id: number): BankExplanationRow | undefined {
  return statement(sqlite, 'SELECT * FROM bank_explanations WHERE id = ?').get(id) as BankExplanationRow | undefined;
}

export function liveExplanationOfLine({ sqlite }: ReadableDB, lineId: number): BankExplanationRow | undefined {
  return statement(sqlite, 'SELECT * FROM bank_explanations WHERE line_id = ? AND undone_at IS NULL').get(lineId) as
    BankExplanationRow | undefined;
}

export function liveExplanationOfBatch({ sqlite }: ReadableDB, batchId: string): BankExplanationRow | undefined {
  return statement(sqlite, 'SELECT * FROM bank_explanations WHERE batch_id = ? AND undone_at IS NULL').get(batchId) as
    BankExplanationRow | undefined;
}

export function undoExplanation({ sqlite }: WritableDB, id: number, by: string, at: string, reason: string): void {
  statement(
    sqlite,
    'UPDATE bank_explanations SET undone_by = ?, undone_at = ?, undone_reason = ? WHERE id = ? AND undone_at IS NULL',
  ).run(by, at, reason, id);
}
