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
