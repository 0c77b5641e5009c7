/**
 * Explanations of bank lines and batches that cannot match (a processor fee, rounding, cash over or
 * short, NSF, a chargeback, other), with who and when. Undoing keeps the row with who, when and why;
 * the partial unique indexes of migration 007 allow one live explanation per line and per batch.
 * The pieces here run inside the bank's units of work (bankDecisions.ts) on either dialect.
 */
import type { Kysely } from 'kysely';
import type { ReadableDB } from '../work/handles';
import type { BankExplanationRow, Database } from '../schema';
import { execute, firstOf, runRead, type Work } from '../work/work';

export interface NewExplanation {
  lineId: number | null;
  batchId: string | null;
  kind: string;
  note: string;
  by: string;
  at: string;
}

export function* insertExplanation(db: Kysely<Database>, e: NewExplanation): Work<BankExplanationRow> {
  const row = yield* firstOf(
    db
      .insertInto('bank_explanations')
      .values({ line_id: e.lineId, batch_id: e.batchId, kind: e.kind, note: e.note, by: e.by, at: e.at })
      .returningAll(),
  );
  return row!;
}

export function* explanationById(db: Kysely<Database>, id: number): Work<BankExplanationRow | undefined> {
  return yield* firstOf(db.selectFrom('bank_explanations').selectAll().where('id', '=', id));
}

export function* liveExplanationOfLine(db: Kysely<Database>, lineId: number): Work<BankExplanationRow | undefined> {
  return yield* firstOf(
    db.selectFrom('bank_explanations').selectAll().where('line_id', '=', lineId).where('undone_at', 'is', null),
  );
}

export function* liveExplanationOfBatch(db: Kysely<Database>, batchId: string): Work<BankExplanationRow | undefined> {
  return yield* firstOf(
    db.selectFrom('bank_explanations').selectAll().where('batch_id', '=', batchId).where('undone_at', 'is', null),
  );
}

/** A batch's live explanation, read on its own (the batch detail). */
export function batchExplanation(reader: ReadableDB, batchId: string): Promise<BankExplanationRow | undefined> {
  return runRead(reader, (db) => liveExplanationOfBatch(db, batchId));
}

/** Marks a live explanation undone; how many rows it changed (0: it was undone already). */
export function* undoExplanation(
  db: Kysely<Database>,
  undo: { id: number; by: string; at: string; reason: string },
): Work<number> {
  return yield* execute(
    db
      .updateTable('bank_explanations')
      .set({ undone_by: undo.by, undone_at: undo.at, undone_reason: undo.reason })
      .where('id', '=', undo.id)
      .where('undone_at', 'is', null),
  );
}
