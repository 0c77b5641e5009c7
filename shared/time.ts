/**
 * Business days are Central-time dates (the service batches at midnight Central), whatever zone
 * the machine is in. Temporal (through temporal-polyfill, the small spec-compliant polyfill
 * maintained by FullCalendar) gives zone-correct arithmetic: 23 h and 25 h days on DST changes.
 */
import { Temporal } from 'temporal-polyfill';

export { Temporal };

export const CENTRAL_TIME_ZONE = 'America/Chicago';

/** A Central-time calendar date, `YYYY-MM-DD`. */
export type BusinessDate = string;

export class TimeError extends Error {
  override readonly name = 'TimeError';
}

const BUSINESS_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SERVICE_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

export function isBusinessDate(value: unknown): value is BusinessDate {
  if (typeof value !== 'string' || !BUSINESS_DATE.test(value)) return false;
  try {
    Temporal.PlainDate.from(value, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

export function parseBusinessDate(value: unknown, field = 'date'): BusinessDate {
  if (!isBusinessDate(value)) {
    throw new TimeError(`${field}: ${JSON.stringify(value)} is not a date like 2026-03-08`);
  }
  return value;
}

/**
 * A batch date from the service: `YYYY-MM-DD`. Tolerates a trailing time part ("2026-03-08 00:00:00")
 * since the spec's two date formats are easy to mix up; the date part is what counts.
 */
export function parseBatchDate(value: unknown, field = 'date'): BusinessDate {
  if (typeof value === 'string') {
    const datePart = value.length > 10 && /^\d{4}-\d{2}-\d{2}[ T]/.test(value) ? value.slice(0, 10) : value;
    return parseBusinessDate(datePart, field);
  }
  return parseBusinessDate(value, field);
}

export interface BusinessDayBounds {
  /** First instant of the day, inclusive. */
  start: Temporal.Instant;
  /** First instant of the next day, exclusive. */
  end: Temporal.Instant;
  hours: number;
}

/** The `[start, end)` instants of a Central business day. */
export function businessDayBounds(date: BusinessDate): BusinessDayBounds {
  const day = Temporal.PlainDate.from(parseBusinessDate(date));
  const start = day.toZonedDateTime({ timeZone: CENTRAL_TIME_ZONE });
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone: CENTRAL_TIME_ZONE });
  return {
    start: start.toInstant(),
    end: end.toInstant(),
    hours: start.hoursInDay,
  };
}

/** The Central business date an instant falls on. */
export function businessDateOf(instant: Temporal.Instant): BusinessDate {
  return instant.toZonedDateTimeISO(CENTRAL_TIME_ZONE).toPlainDate().toString();
}

export function addDays(date: BusinessDate, days: number): BusinessDate {
  return Temporal.PlainDate.from(parseBusinessDate(date)).add({ days }).toString();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: BusinessDate, to: BusinessDate): number {
  return Temporal.PlainDate.from(parseBusinessDate(from)).until(Temporal.PlainDate.from(parseBusinessDate(to)), {
    largestUnit: 'days',
  }).days;
}

export function compareBusinessDates(a: BusinessDate, b: BusinessDate): number {
  return Temporal.PlainDate.compare(Temporal.PlainDate.from(a), Temporal.PlainDate.from(b));
}

/** Every business date from `from` to `to`, both included. */
export function* eachBusinessDate(from: BusinessDate, to: BusinessDate): Generator<BusinessDate> {
  let day = Temporal.PlainDate.from(parseBusinessDate(from, 'from'));
  const last = Temporal.PlainDate.from(parseBusinessDate(to, 'to'));
  while (Temporal.PlainDate.compare(day, last) <= 0) {
    yield day.toString();
    day = day.add({ days: 1 });
  }
}

/** An instant as the service writes date-times: `%Y-%m-%d %H:%M:%S` in Central time. */
export function formatServiceDateTime(instant: Temporal.Instant): string {
  const zoned = instant.toZonedDateTimeISO(CENTRAL_TIME_ZONE);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(zoned.year, 4)}-${pad(zoned.month)}-${pad(zoned.day)} ${pad(zoned.hour)}:${pad(zoned.minute)}:${pad(zoned.second)}`;
}

/**
 * `2026-03-08T01-30-05-CT`: an instant as the bookkeeper's clock showed it, fit for a file name (no
 * colons), so a file the app names dates itself as every other date the bookkeeper reads. In the
 * repeated hour of the fall-back night two instants an hour apart have the same stamp.
 */
export function centralFileStamp(instant: Temporal.Instant): string {
  return `${formatServiceDateTime(instant).replace(' ', 'T').replaceAll(':', '-')}-CT`;
}

/**
 * The instants a `centralFileStamp` can stand for, earliest first: one, or two in the repeated hour of
 * the fall-back night (none in the skipped spring hour, where no clock showed it). Null when it is not one.
 */
export function centralFileStampInstants(stamp: string): Temporal.Instant[] | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-CT$/.exec(stamp);
  if (!match) return null;
  let local: Temporal.PlainDateTime;
  try {
    local = Temporal.PlainDateTime.from(`${match[1]}T${match[2]}:${match[3]}:${match[4]}`, { overflow: 'reject' });
  } catch {
    return null;
  }
  const earlier = local.toZonedDateTime(CENTRAL_TIME_ZONE, { disambiguation: 'earlier' });
  const later = local.toZonedDateTime(CENTRAL_TIME_ZONE, { disambiguation: 'later' });
  if (!earlier.toPlainDateTime().equals(local)) return [];
  return earlier.equals(later) ? [earlier.toInstant()] : [earlier.toInstant(), later.toInstant()];
}

/**
 * A service date-time (`%Y-%m-%d %H:%M:%S`, Central) to an instant. In the repeated hour of the
 * fall-back night the earlier instant is taken; in the skipped spring hour the time moves forward,
 * as Temporal's 'compatible' disambiguation does.
 */
export function parseServiceDateTime(value: unknown, field = 'date'): Temporal.Instant {
  const match = typeof value === 'string' ? SERVICE_DATE_TIME.exec(value) : null;
  if (!match) {
    throw new TimeError(`${field}: ${JSON.stringify(value)} is not a date-time like 2026-03-08 13:45:00`);
  }
  try {
    const local = Temporal.PlainDateTime.from(`${match[1]}T${match[2]}`, { overflow: 'reject' });
    return local.toZonedDateTime(CENTRAL_TIME_ZONE, { disambiguation: 'compatible' }).toInstant();
  } catch {
    throw new TimeError(`${field}: ${JSON.stringify(value)} is not a valid date-time`);
  }
}

/** ISO-8601 UTC text, the store's timestamp format. */
export function toIsoUtc(instant: Temporal.Instant): string {
  return instant.toString({ smallestUnit: 'millisecond' });
}

export function parseIsoUtc(value: string, field = 'timestamp'): Temporal.Instant {
  try {
    return Temporal.Instant.from(value);
  } catch {
    throw new TimeError(`${field}: ${JSON.stringify(value)} is not an ISO-8601 instant`);
  }
}

/** A clock the engine and sandbox take as a parameter, so tests can fix or advance time. */
export interface Clock {
  now(): Temporal.Instant;
}

export const systemClock: Clock = { now: () => Temporal.Now.instant() };

export function fixedClock(
  at: Temporal.Instant | string,
): Clock & { set(at: Temporal.Instant | string): void; advance(duration: Temporal.DurationLike): void } {
  let current = typeof at === 'string' ? Temporal.Instant.from(at) : at;
  return {
    now: () => current,
    set(next) {
      current = typeof next === 'string' ? Temporal.Instant.from(next) : next;
    },
    advance(duration) {
      current = current.add(Temporal.Duration.from(duration));
    },
  };
}

/** Today's Central business date. */
export function todayCentral(clock: Clock = systemClock): BusinessDate {
  return businessDateOf(clock.now());
}

/** A `YYYY-MM-DD` business date as US display `MM/DD/YYYY` (Escape Online and bookkeepers' habit). */
export function formatUsDate(date: BusinessDate): string {
  const [y, m, d] = parseBusinessDate(date).split('-');
  return `${m}/${d}/${y}`;
}

/** The first instant at or after `now` whose Central wall time is `time` (HH:MM). */
export function nextScheduled(now: Temporal.Instant, time: string): Temporal.Instant {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const zoned = now.toZonedDateTimeISO(CENTRAL_TIME_ZONE);
  let candidate = zoned.with({ hour, minute, second: 0, millisecond: 0, microsecond: 0, nanosecond: 0 });
  if (Temporal.Instant.compare(candidate.toInstant(), now) < 0)
    candidate = candidate.add({ days: 1 }).with({ hour, minute });
  return candidate.toInstant();
}

/** The last scheduled instant at or before `now`. */
export function previousScheduled(now: Temporal.Instant, time: string): Temporal.Instant {
  const next = nextScheduled(now, time);
  if (Temporal.Instant.compare(next, now) === 0) return next;
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return next.toZonedDateTimeISO(CENTRAL_TIME_ZONE).subtract({ days: 1 }).with({ hour, minute }).toInstant();
}
