/** Statements in chunks: for row lists and IN lists longer than one statement may bind, on either dialect. */
import { CompiledQuery } from 'kysely';
import { addDays, type BusinessDate } from '../../../../shared/time';
import { rowsOf, type Compilable, type Work } from './work';

/**
 * Rows per multi-row statement: SQLite binds at most 32,766 parameters and PostgreSQL 65,535, and a
 * statement of 500 rows of a dozen columns stays well under both while saving most round trips.
 */
export const ROWS_PER_STATEMENT = 500;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < items.length; start += size) slices.push(items.slice(start, start + size));
  return slices;
}

/**
 * The rows of one query per slice of `keys` (an `IN` list of at most `size`), in slice order: for
 * reads keyed by more ids than one statement may bind.
 */
export function* rowsByChunks<K, R>(
  keys: readonly K[],
  query: (slice: K[]) => Compilable<R>,
  size = ROWS_PER_STATEMENT,
): Work<R[]> {
  const rows: R[] = [];
  for (const slice of chunks(keys, size)) rows.push(...(yield* rowsOf(query(slice))));
  return rows;
}

/*
 * Inserts: building and compiling a 500-row insert with kysely costs about as much as running it (a
 * year's bank statement is 100 of them, and its matches 200 more), so the statement is built once
 * for each chunk length and the later chunks of that length run its SQL with their own values.
 */
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
  for (let at = 0; at < items.length; at += ROWS_PER_STATEMENT) {
    const rows = items.slice(at, at + ROWS_PER_STATEMENT).map(toRow);
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

/**
 * Days from `from` through `last` in consecutive ranges of `days` days, each [start, end): for a
 * read of many days as several short queries rather than one long one (between them a server's
 * event loop answers its users: dialect/sqlite/fairTurns.ts).
 */
export function dayRanges(from: BusinessDate, last: BusinessDate, days: number): Array<[BusinessDate, BusinessDate]> {
  const ranges: Array<[BusinessDate, BusinessDate]> = [];
  for (let start = from; start <= last; start = addDays(start, days)) ranges.push([start, addDays(start, days)]);
  return ranges;
}
