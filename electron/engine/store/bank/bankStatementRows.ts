/**
 * A statement's own row once stored: the list, a lookup, the first day any statement covers, and
 * whether matching has run since it was stored (bankStatements.ts stores statements and their lines).
 */
import type { Kysely } from 'kysely';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { BankStatementRow, Database } from '../schema';
import { execute, firstOf, rowsOf, runRead, runWrite, type Work } from '../work/work';

export function listStatementRows(reader: ReadableDB, limit: number): Promise<BankStatementRow[]> {
  return runRead(reader, (db) =>
    rowsOf(db.selectFrom('bank_statements').selectAll().orderBy('id', 'desc').limit(limit)),
  );
}

export function* statementById(db: Kysely<Database>, id: number): Work<BankStatementRow | undefined> {
  return yield* firstOf(db.selectFrom('bank_statements').selectAll().where('id', '=', id));
}

/** The first day any statement covers: batches before it cannot be said to be in transit. */
export function* firstStatementDate(db: Kysely<Database>): Work<string | null> {
  const row = yield* firstOf(db.selectFrom('bank_statements').select((eb) => eb.fn.min('from_date').as('d')));
  return row?.d ?? null;
}

/** Records that matching has run since these statements were stored. */
export function markStatementsMatched(writer: WritableDB, ids: readonly number[], at: string): Promise<void> {
  return runWrite(writer, function* (db) {
    if (ids.length === 0) return;
    yield* execute(
      db
        .updateTable('bank_statements')
        .set({ matched_at: at })
        .where('id', 'in', [...ids]),
    );
  });
}

/** Statements stored but never matched: their import was killed between the two. */
export function unmatchedStatementIds(reader: ReadableDB): Promise<number[]> {
  return runRead(reader, function* (db) {
    const rows = yield* rowsOf(db.selectFrom('bank_statements').select('id').where('matched_at', 'is', null));
    return rows.map((row) => row.id);
  });
}
