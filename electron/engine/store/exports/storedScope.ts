/**
 * An export's scope as its row keeps it (payee ids and payment methods as JSON text), read back
 * checked: a row edited by hand or damaged must not widen or narrow what an export is taken to cover.
 */
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/domain';

export function storedPayeeIds(text: string): number[] {
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed) && parsed.every((id) => Number.isSafeInteger(id))) return parsed as number[];
  throw new Error(`An export's stored school list is not a list of school ids (${text.slice(0, 80)}).`);
}

export function storedMethods(text: string): PaymentMethod[] {
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed) && parsed.every(isPaymentMethod)) return parsed;
  throw new Error(`An export's stored payment methods are not the service's methods (${text.slice(0, 80)}).`);
}

function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}
