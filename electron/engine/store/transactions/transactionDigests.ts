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
import type { BusinessDate } from '../../../../shared/time';
import { dayRanges } from '../work/chunks';
import type { ReadableDB } from '../work/handles';
import type { PackedDigests } from './digestPairs';

/**
 * Days read per query. The window as one query held the event loop 60-160 ms on a 296k-transaction
 * store at the start of every nightly (the team bench's server); a week is ~15 ms.
 */
const DAYS_PER_READ = 7;

/** Each day from `from` on, its stored transactions' digests, packed (days with none are left out). */
export async function storedDigestsFrom({ db }: ReadableDB, from: BusinessDate): Promise<Map<string, PackedDigests>> {
  const byDay = new Map<string, PackedDigests>();
  const { newest } = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('business_date').as('newest'))
    .where('business_date', '>=', from)
    .executeTakeFirstOrThrow();
  if (!newest) return byDay;
  for (const [start, end] of dayRanges(from, newest as BusinessDate, DAYS_PER_READ)) {
    // string_agg: PostgreSQL's, and SQLite's since 3.44 (better-sqlite3 12 bundles 3.5x).
    const rows = await db
      .selectFrom('transactions')
      .select(['business_date', sql<string>`string_agg(id || ':' || raw_digest, ',')`.as('pairs')])
      .where('business_date', '>=', start)
      .where('business_date', '<', end)
      .where('raw_digest', 'is not', null)
      .groupBy('business_date')
      .execute();
    for (const row of rows) byDay.set(row.business_date, row.pairs);
  }
  return byDay;
}
