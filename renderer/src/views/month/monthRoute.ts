/**
 * The month a Month or District view shows, kept in the address (`#/month/<payee>?month=2026-10`; `#/month?month=…` is the District view) so a
 * link from the District view opens that school's month, and Back returns to it. Default: the month
 * before the engine's today (useShownMonth), not the browser's: a district server, or a test's clock,
 * may be in another month than the computer showing the page.
 */
import { Temporal } from '../../../../shared/time';

/** The month before the one `today` (a Central business date, 'YYYY-MM-DD') falls in. */
export function monthBefore(today: string): string {
  return Temporal.PlainYearMonth.from(today.slice(0, 7)).subtract({ months: 1 }).toString();
}

/** The month the address names, or null. */
export function monthInHash(hash: string = window.location.hash): string | null {
  const query = hash.split('?')[1] ?? '';
  const month = new URLSearchParams(query).get('month');
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : null;
}

/** A school's month (`payeeId`), or every school's (the District view) without one. */
export function monthHref(month: string, payeeId?: number | null): string {
  return `#/month${payeeId ? `/${payeeId}` : ''}?month=${month}`;
}
