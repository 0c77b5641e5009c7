/**
 * A subquery's rows as one JSON array column of an outer query (kysely's jsonArrayFrom for each
 * database), so that a read of several lists is one statement: one round trip instead of one per
 * list. On a district server each round trip waits its turn for the CPU beside a running sync
 * (issue 31's team bench: a deposit's detail was 8-13 statements, each 3-6 ms at the median on a
 * loaded machine, 22-43 ms at p95, and batches.get was the users' slowest call during the nightly).
 * The columns keep their values: the store's tables hold text and integers only (0/1 flags
 * included), which JSON carries unchanged on both databases.
 */
import type { RawBuilder } from 'kysely';
import type { jsonArrayFrom } from 'kysely/helpers/sqlite';

/** Builds the JSON array column: the dialect's (dialect.ts `jsonRows`). */
export type JsonRows = <O>(query: SubQuery<O>) => RawBuilder<JsonRowsValue<O>>;

/** A select query builder (SQLite's helper reads its selections, so it takes no other expression). */
type SubQuery<O> = Parameters<typeof jsonArrayFrom<O>>[0];

/** What the column holds as the driver returns it: parsed by node-postgres, JSON text from SQLite. */
export type JsonRowsValue<O> = O[] | string;

/** The rows of a JSON array column, whichever database answered. */
export function readJsonRows<O>(value: JsonRowsValue<O>): O[] {
  return typeof value === 'string' ? (JSON.parse(value) as O[]) : value;
}
