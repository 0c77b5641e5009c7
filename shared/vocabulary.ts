/**
 * One vocabulary for what the service calls by its codes (issue 30 item 7): the words the app, the
 * command line and the workbook show. Display only: stored values and the wire keep the codes.
 */
import type { PaymentMethod } from './domain';
import { CENTRAL_TIME_ZONE } from './time';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ACH: 'ACH',
  CC: 'Card',
  Cash: 'Cash',
  PhysicalCheck: 'Check',
};

export function methodLabel(method: string): string {
  return Object.hasOwn(PAYMENT_METHOD_LABELS, method) ? PAYMENT_METHOD_LABELS[method as PaymentMethod] : method;
}

/** A method as typed (its word or its code, any case), or null when it is neither. */
export function methodFromWord(word: string): PaymentMethod | null {
  const wanted = word.trim().toLowerCase();
  for (const [method, label] of Object.entries(PAYMENT_METHOD_LABELS)) {
    if (method.toLowerCase() === wanted || label.toLowerCase() === wanted) return method as PaymentMethod;
  }
  return null;
}

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
