/** What the store holds of recent GL days, for the sync's re-read of its refresh window (glDayDigest.ts). */
import { sql } from 'kysely';
import type { BusinessDate } from '../../../../shared/time';
import { dayRanges } from '../work/chunks';
import type { ReadableDB } from '../work/handles';
import { glDayDigest, type GlDayDigests } from './glDayDigest';

/** Line break: never inside a line's JSON (JSON.stringify escapes it). */
const BETWEEN_LINES = '\n';

/** Days read (and hashed) per query: the window at once held the event loop ~110 ms (transactionDigests.ts). */
const DAYS_PER_READ = 7;

/** Each day from `from` on that has GL lines, the digest of its lines. */
export async function storedGlDayDigestsFrom({ db }: ReadableDB, from: BusinessDate): Promise<GlDayDigests> {
  const byDay = new Map<string, string>();
  const { newest } = await db
    .selectFrom('gl_batches')
    .select((eb) => eb.fn.max('date').as('newest'))
    .where('date', '>=', from)
    .executeTakeFirstOrThrow();
  if (!newest) return byDay;
  for (const [start, end] of dayRanges(from, newest as BusinessDate, DAYS_PER_READ)) {
    // A text per day, not a row per line: ~34,000 objects the main thread need not build.
    const days = await db
      .selectFrom('gl_batches')
      .select(['date', sql<string>`string_agg(raw, ${BETWEEN_LINES})`.as('lines')])
      .where('date', '>=', start)
      .where('date', '<', end)
      .groupBy('date')
      .execute();
    for (const day of days) byDay.set(day.date, glDayDigest(day.lines.split(BETWEEN_LINES)));
  }
  return byDay;
}
