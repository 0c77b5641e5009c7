/**
 * What holds a bank line, a batch, a returned transaction or a deposit slip: a live match (made by
 * the matcher or confirmed, not undone) or a live explanation. Every read that derives a line's,
 * a batch's or a slip's state asks it the same way, here; this file imports no family, so the slips
 * and batches families can use it without an import circle through the bank family.
 */
import { sql } from 'kysely';

/**
 * The live match of the line, returned transaction or slip whose id is `ref` (a column of the outer
 * query), to test with EXISTS. Its condition is the partial unique indexes' own, written out, so
 * both dialects can answer it from them.
 */
export function liveMatch(of: 'line_id' | 'transaction_id' | 'slip_id', ref: 'l.id' | 't.id' | 's.id') {
  return sql`(select 1 from bank_matches as m where m.${sql.ref(of)} = ${sql.ref(ref)} and m.status <> 'suggested' and m.undone_at is null)`;
}

/**
 * The live explanation of the line or batch whose id is `ref` (a column of the outer query), to test
 * with EXISTS: explanations are read the same way wherever a line's or a batch's state is derived.
 */
export function liveExplanation(of: 'line_id' | 'batch_id', ref: 'l.id' | 'b.id') {
  return sql`(select 1 from bank_explanations as e where e.${sql.ref(of)} = ${sql.ref(ref)} and e.undone_at is null)`;
}
