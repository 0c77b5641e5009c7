/** The intents family: refunds, voids and collections on their way to the service (DESIGN.md §12). */
export * from './repository';
export { stuckIntents, takeStuckIntent, type StuckIntent } from './stuck';
export type { PaymentIntentRow, PaymentIntentEventRow } from './types';
