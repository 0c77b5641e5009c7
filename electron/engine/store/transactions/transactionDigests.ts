/**
 * What the store holds of recent days, for the sync's re-read of its refresh window: each stored
 * transaction's digest by id, by business date. A listed transaction whose JSON hashes to it is
 * left out before validation (api/client.ts listings).
 *
 * A day comes as one text of `id:digest` pairs joined by commas (ids are digits and digests
 * base64url, so neither holds a separator), unpacked by the fetch worker a day at a time. As a row
 * per transaction, the window's ~150,000 rows were objects the main thread built, collected and
 * cloned to the worker: on a district server that held the event loop its users wait on for up to
 * 210 ms at a time, ~600 ms in all, at the start of every nightly sync.
 */
import { sql } from 'kysely';
import type { ReadableDB } from '../work/handles';

/** One day's stored digests, packed: see unpackDigests. */
export type PackedDigests = string;

/** Each day from `from` on, its stored transactions' digests, packed (days with none are left out). */
export async function storedDigestsFrom({ db }: ReadableDB, from: string): Promise<Map<string, PackedDigests>> {
  // string_agg: PostgreSQL's, and SQLite's since 3.44 (better-sqlite3 12 bundles 3.5x).
  const rows = await db
    .selectFrom('transactions')
    .select(['business_date', sql<string>`string_agg(id || ':' || raw_digest, ',')`.as('pairs')])
    .where('business_date', '>=', from)
    .where('raw_digest', 'is not', null)
    .groupBy('business_date')
    .execute();
  return new Map(rows.map((row) => [row.business_date, row.pairs]));
}

/** A day's digests by transaction id, from what storedDigestsFrom packed. */
export function unpackDigests(packed: PackedDigests): Map<number, string> {
  const digests = new Map<number, string>();
  if (!packed) return digests;
  for (const pair of packed.split(',')) {
    const colon = pair.indexOf(':');
    digests.set(Number(pair.slice(0, colon)), pair.slice(colon + 1));
  }
  return digests;
}
