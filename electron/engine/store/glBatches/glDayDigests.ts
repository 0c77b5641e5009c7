/** What the store holds of recent GL days, for the sync's re-read of its refresh window (glDayDigest.ts). */
import { sql } from 'kysely';
import type { ReadableDB } from '../work/handles';
import { glDayDigest, type GlDayDigests } from './glDayDigest';

/** Line break: never inside a line's JSON (JSON.stringify escapes it). */
const BETWEEN_LINES = '\n';

/** Each day from `from` on that has GL lines, the digest of its lines. */
export async function storedGlDayDigestsFrom({ db }: ReadableDB, from: string): Promise<GlDayDigests> {
  // A text per day, not a row per line: ~34,000 objects the main thread need not build.
  const days = await db
    .selectFrom('gl_batches')
    .select(['date', sql<string>`string_agg(raw, ${BETWEEN_LINES})`.as('lines')])
    .where('date', '>=', from)
    .groupBy('date')
    .execute();
  return new Map(days.map((day) => [day.date, glDayDigest(day.lines.split(BETWEEN_LINES))]));
}
