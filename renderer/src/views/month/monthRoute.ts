/**
 * The month a Month or District view shows, kept in the address (`#/month/<payee>?month=2026-10`; `#/month?month=…` is the District view) so a
 * link from the District view opens that school's month, and Back returns to it. Default: last month.
 */
import { Temporal, todayCentral } from '../../../../shared/time';

export function lastMonth(): string {
  return Temporal.PlainYearMonth.from(todayCentral().slice(0, 7)).subtract({ months: 1 }).toString();
}

export function monthFromHash(hash: string = window.location.hash): string {
  const query = hash.split('?')[1] ?? '';
  const month = new URLSearchParams(query).get('month');
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? month : lastMonth();
}

/** A school's month (`payeeId`), or every school's (the District view) without one. */
export function monthHref(month: string, payeeId?: number | null): string {
  return `#/month${payeeId ? `/${payeeId}` : ''}?month=${month}`;
}
