/**
 * A day of GL lines reduced to one digest, the same whichever side computes it: the store from the
 * lines it holds (glDayDigests.ts), the sync's fetch worker from the lines the service lists. Equal
 * digests mean the same lines, so the day need not be validated, handed over or compared again
 * (issue 31: the nightly re-reads the 60-day refresh window's ~34,000 GL lines, almost all as
 * stored). Free of kysely: the fetch worker imports this.
 */
import { hash } from 'node:crypto';

/** A day's digest for a GL day by date. */
export type GlDayDigests = ReadonlyMap<string, string>;

/** A GL day the service listed exactly as stored: nothing to write, its line count for the run's counts. */
export interface GlDayAsStored {
  asStoredLines: number;
}

/** The lines of a GL day as fetched: its rows, or as stored. */
export function glDayLines(rows: readonly unknown[] | GlDayAsStored): number {
  return 'asStoredLines' in rows ? rows.asStoredLines : rows.length;
}

/**
 * The lines' JSON in code-unit order, one a line (JSON.stringify writes no line break), hashed as
 * the transactions' digests are (api/wire.ts rawDigest: SHA-256, 128 bits): the order the service
 * or the database lists them in does not matter, the lines themselves do, twice-listed ones too.
 */
export function glDayDigest(raws: readonly string[]): string {
  return hash('sha256', [...raws].sort().join('\n'), 'base64url').slice(0, 22);
}
