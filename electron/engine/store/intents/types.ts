/** The intents' tables (migration 017) as kysely sees them; schema.ts folds them into Database. */
import type { ColumnType, Selectable } from 'kysely';
import type { IntentKind, IntentState } from '../../../../shared/contract';

export interface PaymentIntentsTable {
  id: string;
  /** Read as the kinds and states the engine writes (schema.ts's Known). */
  kind: ColumnType<IntentKind, string, string>;
  state: ColumnType<IntentState, string, string>;
  transaction_id: number | null;
  payee_id: number | null;
  amount_cents: number | null;
  /** JSON: what is sent (the body of POST /txns), without credentials. */
  request: string;
  reason: string;
  requested_by: string;
  requested_at: string;
  approved_by: string | null;
  approved_at: string | null;
  /** The transaction's JSON as read from the service before sending (refund, void). */
  before_raw: string | null;
  /** Collection: the highest transaction id known before sending (GET /txns?since= finds it again). */
  since_id: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** The service's answer (or the copy that showed the write happened). */
  result_raw: string | null;
  message: string | null;
  /** `txn:<id>` while a refund or void of that transaction is open; NULL otherwise (unique). */
  active_key: string | null;
  resolved_by: string | null;
  resolved_at: string | null;
  updated_at: string;
}

export interface PaymentIntentEventsTable {
  intent_id: string;
  seq: number;
  at: string;
  actor: string;
  event: string;
  detail: string | null;
}

export interface IntentTables {
  payment_intents: PaymentIntentsTable;
  payment_intent_events: PaymentIntentEventsTable;
}

export type PaymentIntentRow = Selectable<PaymentIntentsTable>;
export type PaymentIntentEventRow = Selectable<PaymentIntentEventsTable>;

/** States in which a refund or void holds its transaction: no second one may start. */
export const OPEN_STATES = ['awaiting_approval', 'sending', 'unknown'] as const;
