/**
 * The words a person reads for the service's payment method codes (issue 30 item 7), one place for
 * the engine, the command line, the workbook and the app. Display only: stored values and the wire
 * keep the codes.
 */
import type { PaymentMethod } from '../domain';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ACH: 'ACH',
  CC: 'Card',
  Cash: 'Cash',
  PhysicalCheck: 'Check',
};

/** A method code as a bookkeeper says it; a code we do not know is shown as the service sent it. */
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
