/** Display formats for people. Business dates are Central calendar dates; instants are shown in Central time. */
import { isBusinessDate } from '../../shared/time';

export { formatMoney } from '../../shared/money';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const shortDateFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/** A business date's calendar day, pinned to UTC so the machine's zone can never shift it. */
function calendarDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

const businessDateLabels = new Map<string, string>();

/** "2026-03-08" -> "Mar 8, 2026". Remembered per date: a scrolling list shows a few dates thousands of times. */
export function formatBusinessDate(date: string): string {
  let label = businessDateLabels.get(date);
  if (label === undefined) {
    label = isBusinessDate(date) ? dateFormat.format(calendarDay(date)) : date;
    // Bounded: a few years of business dates, whatever is scrolled through.
    if (businessDateLabels.size >= 5000) businessDateLabels.clear();
    businessDateLabels.set(date, label);
  }
  return label;
}

/** "2026-03-08" -> "Mar 8" (chart axes). */
export function formatShortDate(date: string): string {
  return isBusinessDate(date) ? shortDateFormat.format(calendarDay(date)) : date;
}

/** An ISO-8601 instant shown as Central wall time, zone named: "Mar 8, 2026, 1:30 AM CT". */
export { formatCentralInstant as formatInstant } from '../../shared/vocabulary';

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

// One vocabulary with the command line and the workbook (shared/vocabulary.ts).
export { methodLabel, PAYMENT_METHOD_LABELS } from '../../shared/vocabulary';
