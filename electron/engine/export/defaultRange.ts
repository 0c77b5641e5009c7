/**
 * The range GL Batches opens on and `export gl` uses without --from/--to (issue 14): the oldest month
 * with deposits no finished export covers, from where the exported part of it ends; when everything
 * is exported, the latest month with data. Never an empty range while there is data: the range ends
 * on the last day with GL rows, not on today.
 */
import { addDays, todayCentral, type Clock } from '../../../shared/time';
import type { GlDefaultRange } from '../../../shared/contract';
import { glCoverage, hasGlRowsBetween } from '../store/exports';
import type { ReadableDB } from '../store/work';

export async function defaultGlRange(reader: ReadableDB, clock: Clock): Promise<GlDefaultRange> {
  const coverage = await glCoverage(reader);
  if (coverage.last === null) {
    const today = todayCentral(clock);
    return { from: addDays(today, -7), to: addDays(today, -1), reason: 'no_data' };
  }
  if (coverage.oldestUnexported !== null) {
    const oldest = coverage.oldestUnexported;
    const start = monthStart(oldest);
    // Part of the month already exported: start after it, so the default never asks to post it twice.
    const from = (await hasGlRowsBetween(reader, start, oldest)) ? oldest : start;
    return { from, to: earlier(monthEnd(oldest), coverage.last), reason: 'not_exported' };
  }
  return { from: monthStart(coverage.last), to: coverage.last, reason: 'all_exported' };
}

function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

function monthEnd(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return addDays(next, -1);
}

const earlier = (a: string, b: string) => (a < b ? a : b);
