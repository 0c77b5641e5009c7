/**
 * Weekday arithmetic for the matching window: banks post on business days, so a Friday batch paid
 * on Monday is one business day late, not three. Holidays are not known here (a posting after a
 * Monday holiday looks one day later than it was); the window's slack absorbs that.
 *
 * Dates are `YYYY-MM-DD` business dates (already Central); Date.UTC turns them into day numbers
 * whatever zone the machine is in, and is ~100x faster than Temporal for the matcher's inner loop.
 */
const DAY_MS = 86_400_000;
/** 1900-01-07 was a Sunday: counting weeks from it keeps every date we meet on the positive side. */
const SUNDAY = Date.UTC(1900, 0, 7) / DAY_MS;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
}

export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Weekdays from SUNDAY up to and including `day`. */
function weekdaysThrough(day: number): number {
  const span = day - SUNDAY + 1;
  const rest = span % 7;
  return Math.floor(span / 7) * 5 + Math.min(Math.max(rest - 1, 0), 5);
}

/** Weekdays after `from` up to and including `to` (0 when `to` is not after `from`). */
export function businessDaysBetween(from: string, to: string): number {
  return businessDaysBetweenDays(dayNumber(from), dayNumber(to));
}

export function businessDaysBetweenDays(from: number, to: number): number {
  return to <= from ? 0 : weekdaysThrough(to) - weekdaysThrough(from);
}

/** The earliest calendar day that can be within `businessDays` business days before `day`. */
export function calendarSpanBefore(day: number, businessDays: number): number {
  // Each five weekdays bring one weekend, and a start on a weekend adds up to two more days.
  return day - (businessDays + 2 * Math.ceil(businessDays / 5) + 2);
}
