/**
 * Undoing an import (issue 25): a statement goes with the lines only it holds, their matches and
 * explanations, in one unit of work, and the removal is recorded with who and when. A line a later
 * statement also holds stays, as that statement's; a line that was only probably one of the removed
 * lines, or corrected one, is an ordinary line again; a match a removed correction undid is given
 * back when its batches are still free. Matching runs after (the caller's), so the store is as it
 * was before the import.
 */
import type { Kysely } from 'kysely';
import { rowsByChunks } from '../work/chunks';
import type { WritableDB } from '../work/handles';
import type { Database } from '../schema';
import { execute, firstOf, rowsOf, runWrite, type Work } from '../work/work';

export interface StatementRemoved {
  statementId: number;
  fileName: string;
  linesRemoved: number;
  linesKept: number;
}

/** Null when there is no such statement. */
export function removeStatement(
  writer: WritableDB,
  statementId: number,
  actor: { by: string; at: string },
): Promise<StatementRemoved | null> {
  return runWrite(writer, function* (db) {
    const statement = yield* firstOf(db.selectFrom('bank_statements').selectAll().where('id', '=', statementId));
    if (!statement) return null;
    const brought = yield* rowsOf(
      db.selectFrom('bank_lines').select(['id', 'account_id']).where('statement_id', '=', statementId),
    );
    const heldElsewhere = yield* rowsByChunks(
      brought.map((line) => line.id),
      (chunk) =>
        db
          .selectFrom('bank_line_sightings')
          .select(['line_id', (eb) => eb.fn.min('statement_id').as('statement_id')])
          .where('line_id', 'in', chunk)
          .where('statement_id', '<>', statementId)
          .groupBy('line_id'),
    );
    for (const { line_id, statement_id } of heldElsewhere) {
      yield* execute(db.updateTable('bank_lines').set({ statement_id }).where('id', '=', line_id));
      yield* execute(
        db.deleteFrom('bank_line_sightings').where('statement_id', '=', statement_id).where('line_id', '=', line_id),
      );
    }
    const kept = new Set(heldElsewhere.map((row) => row.line_id));
    const removed = brought.filter((line) => !kept.has(line.id)).map((line) => line.id);
    yield* forgetLines(db, removed);
    yield* execute(db.deleteFrom('bank_line_sightings').where('statement_id', '=', statementId));
    yield* execute(db.deleteFrom('bank_statements').where('id', '=', statementId));
    // An account this import brought first, and no line names any more, goes with it.
    yield* execute(
      db
        .deleteFrom('bank_accounts')
        .where('first_seen_at', '=', statement.imported_at)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('bank_lines as l').select('l.id').whereRef('l.account_id', '=', 'bank_accounts.id'),
            ),
          ),
        ),
    );
    yield* execute(
      db.insertInto('bank_statement_removals').values({
        statement_id: statementId,
        file_name: statement.file_name,
        sha256: statement.sha256,
        line_count: statement.line_count,
        lines_removed: removed.length,
        removed_by: actor.by,
        removed_at: actor.at,
      }),
    );
    return { statementId, fileName: statement.file_name, linesRemoved: removed.length, linesKept: kept.size };
  });
}

/** Removes lines with their matches and explanations, and what pointed at them. */
function* forgetLines(db: Kysely<Database>, ids: readonly number[]): Work<void> {
  yield* rowsByChunks(ids, (chunk) =>
    db
      .updateTable('bank_lines')
      .set({ duplicate_of: null, duplicate_state: null, duplicate_decided_by: null, duplicate_decided_at: null })
      .where('duplicate_of', 'in', chunk)
      .where('id', 'not in', chunk)
      .returning('id'),
  );
  yield* rowsByChunks(ids, (chunk) =>
    db
      .updateTable('bank_lines')
      .set({ corrects_line_id: null })
      .where('corrects_line_id', 'in', chunk)
      .where('id', 'not in', chunk)
      .returning('id'),
  );
  const undone = yield* rowsByChunks(ids, (chunk) =>
    db
      .selectFrom('bank_matches')
      .select(['id', 'line_id', 'batch_ids'])
      .where('undone_for_line', 'in', chunk)
      .orderBy('id'),
  );
  yield* rowsByChunks(ids, (chunk) =>
    db.deleteFrom('bank_matched_batches').where('line_id', 'in', chunk).returning('batch_id'),
  );
  yield* rowsByChunks(ids, (chunk) => db.deleteFrom('bank_matches').where('line_id', 'in', chunk).returning('id'));
  yield* rowsByChunks(ids, (chunk) => db.deleteFrom('bank_explanations').where('line_id', 'in', chunk).returning('id'));
  for (const match of undone) yield* giveBack(db, match);
  yield* rowsByChunks(ids, (chunk) => db.deleteFrom('bank_lines').where('id', 'in', chunk).returning('id'));
}

/** A match a removed correction undid holds again, when its line and its batches are free. */
function* giveBack(db: Kysely<Database>, match: { id: number; line_id: number; batch_ids: string }): Work<void> {
  const batchIds = JSON.parse(match.batch_ids) as string[];
  const lineHeld = yield* firstOf(
    db
      .selectFrom('bank_matches')
      .select('id')
      .where('line_id', '=', match.line_id)
      .where('status', '<>', 'suggested')
      .where('undone_at', 'is', null),
  );
  const batchesHeld =
    batchIds.length === 0
      ? []
      : yield* rowsOf(db.selectFrom('bank_matched_batches').select('batch_id').where('batch_id', 'in', batchIds));
  if (lineHeld || batchesHeld.length > 0) return;
  yield* execute(
    db
      .updateTable('bank_matches')
      .set({ undone_by: null, undone_at: null, undone_reason: null, undone_for_line: null })
      .where('id', '=', match.id),
  );
  for (const batchId of batchIds) {
    yield* execute(
      db.insertInto('bank_matched_batches').values({ batch_id: batchId, match_id: match.id, line_id: match.line_id }),
    );
  }
  yield* execute(db.deleteFrom('bank_matches').where('line_id', '=', match.line_id).where('status', '=', 'suggested'));
}

/** The bookkeeper keeps or drops a possible duplicate; false when the line is not one still to decide. */
export function decideDuplicate(
  writer: WritableDB,
  lineId: number,
  decision: 'kept' | 'dropped',
  actor: { by: string; at: string },
): Promise<boolean> {
  return runWrite(writer, function* (db) {
    const changed = yield* execute(
      db
        .updateTable('bank_lines')
        .set({ duplicate_state: decision, duplicate_decided_by: actor.by, duplicate_decided_at: actor.at })
        .where('id', '=', lineId)
        .where('duplicate_state', '=', 'possible'),
    );
    return changed > 0;
  });
}
