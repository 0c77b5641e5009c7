/**
 * One vocabulary for what the service calls by its codes (issue 30 item 7): the words the app, the
 * command line and the workbook show. Display only: stored values and the wire keep the codes.
 */
import { CENTRAL_TIME_ZONE } from './time';

export { methodFromWord, methodLabel, PAYMENT_METHOD_LABELS } from './vocabulary/methodLabels';

const instantFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CENTRAL_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An ISO-8601 instant as Central wall time, zone named: "Mar 8, 2026, 1:30 AM CT". */
export function formatCentralInstant(iso: string | null | undefined): string {
  if (!iso) return '—';
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return `${instantFormat.format(when)} CT`;
}
