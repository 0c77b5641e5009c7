import type { Kysely } from 'kysely';

/**
 * Frozen. Issue 25 (one bank line is one bank line, whatever the format) and issue 26 item 12.
 *
 * bank_lines gains what a line is beside the others: `duplicate_of` and `duplicate_state` for a line
 * that is only probably one already stored ('possible' until the bookkeeper keeps or drops it, with
 * who and when), and `corrects_line_id` for a known reference whose amount changed (a correction,
 * kept beside the line it corrects).
 *
 * bank_line_sightings: which later statements also held a line they did not bring (so removing the
 * statement that brought it hands the line to one that still holds it, and nothing is lost).
 * bank_statement_removals: who removed which statement and when (the statement's row goes with it).
 * bank_matches.undone_for_line: the correction whose arrival undid a match, so removing the
 * correction's statement gives the match back. bank_statements.matched_at: when matching ran after
 * the import; NULL means it never did (the import was killed between storing and matching), and the
 * next start runs it. Statements imported before this migration were matched when imported.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bank_lines').addColumn('duplicate_of', 'integer').execute();
  await db.schema.alterTable('bank_lines').addColumn('duplicate_state', 'text').execute();
  await db.schema.alterTable('bank_lines').addColumn('duplicate_decided_by', 'text').execute();
  await db.schema.alterTable('bank_lines').addColumn('duplicate_decided_at', 'text').execute();
  await db.schema.alterTable('bank_lines').addColumn('corrects_line_id', 'integer').execute();
  // A statement's lines are found by account and day through bank_lines_by_date (007): indexes
  // more on a table a year's import writes 50,000 rows to cost that import their upkeep. Only the
  // few corrections are indexed (partial), for "is this line corrected?" asked of every line.
  await db.schema
    .createIndex('bank_lines_by_corrected')
    .on('bank_lines')
    .column('corrects_line_id')
    .where('corrects_line_id', 'is not', null)
    .execute();

  await db.schema
    .createTable('bank_line_sightings')
    .addColumn('statement_id', 'integer', (c) => c.notNull())
    .addColumn('line_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_line_sightings_pk', ['statement_id', 'line_id'])
    .execute();
  await db.schema.createIndex('bank_line_sightings_by_line').on('bank_line_sightings').column('line_id').execute();

  await db.schema
    .createTable('bank_statement_removals')
    .addColumn('statement_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    .addColumn('lines_removed', 'integer', (c) => c.notNull())
    .addColumn('removed_by', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('bank_matches').addColumn('undone_for_line', 'integer').execute();
  await db.schema.alterTable('bank_statements').addColumn('matched_at', 'text').execute();
  await db
    .updateTable('bank_statements')
    .set((eb) => ({ matched_at: eb.ref('imported_at') }))
    .execute();
}
