import type { TransactionStatus } from './service';

/** What the differ reports when a transaction is first seen or changes between two syncs. */
export const CHANGE_KINDS = [
  'first_seen',
  'settled',
  'refunded',
  'voided',
  /** Settled -> Voided: the spec contradicts itself on whether this can happen, so it is flagged. */
  'voided_after_settlement',
  'errored',
  'returned',
  'declined',
  'unknown',
  'resolved',
  'anomaly',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface Change {
  id: number;
  transactionId: number;
  /** The deposit its transaction is in now; null while it is in none (not settled, or never batched). */
  batchId: string | null;
  kind: ChangeKind;
  fromStatus: TransactionStatus | null;
  toStatus: TransactionStatus;
  /** Refunded: the increase of amount_refunded; anomaly on amount: new minus old. */
  deltaCents: number | null;
  /** Anomaly: which field changed and from what to what. */
  detail: string | null;
  syncRunId: number | null;
  seenAt: string;
  acknowledgedAt: string | null;
}
