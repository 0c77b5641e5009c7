/**
 * The bank side reads and writes tens of thousands of rows at once (a year's statement, its
 * matches): CHUNK of them a statement, on either dialect.
 *
 * Inserts: building and compiling a
 * 500-row insert with kysely costs about as much as running it (a year's statement is 100 of them,
 * and its matches 200 more), so the statement is built once for each chunk length and the later
 * chunks of that length run its SQL with their own values.
 */
import { CompiledQuery } from 'kysely';
import type { Work } from './work';

/** Rows per multi-row statement or IN (…) list: well inside both dialects' parameter limits. */
export const CHUNK = 500;

interface Compilable<R> {
  compile(): CompiledQuery<R>;
}

export interface Inserted<R> {
  /** What RETURNING gave, every chunk's together (none without RETURNING). */
  rows: R[];
  /** Rows written (conflicts skipped are not). */
  written: number;
}

/**
 * Inserts `items` as the rows `toRow` makes of them. `build` makes the insert of a chunk of rows;
 * every row must have the same columns in the same order (one object literal), so a row's values
 * are the statement's parameters in order. The first chunk of each length checks that they are, and
 * when they are not (a column kysely leaves out), every chunk is built afresh.
 */
export function* insertInChunks<T, Row extends Record<string, unknown>, R>(
  items: readonly T[],
  toRow: (item: T) => Row,
  build: (rows: Row[]) => Compilable<R>,
): Work<Inserted<R>> {
  const templates = new Map<number, string | null>();
  const out: Inserted<R> = { rows: [], written: 0 };
  for (let at = 0; at < items.length; at += CHUNK) {
    const rows = items.slice(at, at + CHUNK).map(toRow);
    const parameters: unknown[] = [];
    for (const row of rows) for (const key in row) parameters.push(row[key]);
    const template = templates.get(rows.length);
    let query: CompiledQuery<R>;
    if (typeof template === 'string') {
      query = CompiledQuery.raw(template, parameters) as CompiledQuery<R>;
    } else {
      query = build(rows).compile();
      if (template === undefined) {
        const same =
          query.parameters.length === parameters.length && query.parameters.every((p, i) => p === parameters[i]);
        templates.set(rows.length, same ? query.sql : null);
      }
    }
    const result = yield query;
    out.rows.push(...(result.rows as R[]));
    // SQLite reports no count for a statement that returns rows: then what it returned is the count.
    out.written += result.numAffectedRows === undefined ? result.rows.length : Number(result.numAffectedRows);
  }
  return out;
}

/** The rows of `read` over `values` CHUNK at a time (an IN list each), every chunk's together. */
export function* readInChunks<V, R>(values: readonly V[], read: (chunk: V[]) => Compilable<R>): Work<R[]> {
  const rows: R[] = [];
  for (let at = 0; at < values.length; at += CHUNK) {
    const result = yield read(values.slice(at, at + CHUNK)).compile();
    rows.push(...(result.rows as R[]));
  }
  return rows;
}
