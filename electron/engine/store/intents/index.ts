/** The intents family: refunds, voids and collections on their way to the service (DESIGN.md §12). */
export * from './repository';
export type { PaymentIntentRow, PaymentIntentEventRow } from './types';
