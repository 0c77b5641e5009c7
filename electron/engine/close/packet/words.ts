/** How the packet writes months, instants, money and states for a reader (Central time, US English). */
import { formatMoney } from '../../../../shared/money';
import type { MonthState, Person } from './types';

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const CENTRAL = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2026-10' -> 'October 2026'. */
export function monthLabel(month: string): string {
  return MONTH_NAME.format(new Date(`${month}-01T12:00:00Z`));
}

/** An ISO-8601 UTC instant as Central date and time: '2026-11-03 14:05 CT'. */
export function centralTime(iso: string): string {
  const parts = Object.fromEntries(CENTRAL.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} CT`;
}

export const money = formatMoney;

export const STATE_WORDS: Record<MonthState, string> = {
  open: 'Open',
  ready: 'Open (checklist met, not submitted)',
  submitted: 'Submitted for approval',
  closed: 'Closed',
};

export function personLine(person: Person | null, missing: string): string {
  return person ? `${person.name}, ${centralTime(person.at)}` : missing;
}
