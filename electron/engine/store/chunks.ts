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
