/**
 * Acting on payments (DESIGN.md §12): refunds, voids and cash/check collections, and the intents that
 * carry each of them to the service exactly once.
 */
import { z } from 'zod';
import type { Transaction } from '../domain';
import { COLLECTION_METHODS } from '../act/collection';
import { id, text } from './args';
import { method, returns } from './method';

export const REFUND_REASONS = [
  'duplicate_payment',
  'overpayment',
  'event_cancelled',
  'entered_in_error',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REASON_WORDS: Record<RefundReason, string> = {
  duplicate_payment: 'Duplicate payment',
  overpayment: 'Overpayment',
  event_cancelled: 'Event cancelled',
  entered_in_error: 'Entered in error',
  other: 'Other',
};

export const INTENT_KINDS = ['refund', 'void', 'collection'] as const;
export type IntentKind = (typeof INTENT_KINDS)[number];

/**
 * awaiting_approval: above the second-approver threshold, waiting for another approver; sending:
 * stored, being sent; done: the service applied it; failed: the service refused it (nothing
 * happened); unknown: in doubt, for a person ("Needs you"), never re-sent by itself; resolved: a
 * person decided an unknown or awaiting intent.
 */
export const INTENT_STATES = ['awaiting_approval', 'sending', 'done', 'failed', 'unknown', 'resolved'] as const;
export type IntentState = (typeof INTENT_STATES)[number];

/** Dollars as a person types them: "12.50", "12.5", "12". */
const dollars = z.string().regex(/^\s*\d{1,9}(\.\d{1,2})?\s*$/, 'must be an amount like 12.50');

const reasonFields = {
  reason: z.enum(REFUND_REASONS),
  /** Required with reason "other"; optional detail otherwise. */
  reasonText: text(500).optional(),
  /** Check and describe only: nothing is stored or sent (the confirmation a person reads first). */
  preview: z.boolean().default(false),
};
const reasonGiven = (args: { reason: RefundReason; reasonText?: string }) =>
  args.reason !== 'other' || (args.reasonText ?? '').trim().length > 0;
const reasonMessage = { message: 'say why in reasonText when the reason is "other"', path: ['reasonText'] };

export const actMethods = {
  'payments.refund': method({
    args: z
      .object({
        transactionId: id,
        /** Omitted: everything not yet refunded (or the items' sum when items are given). */
        amount: dollars.optional(),
        items: z
          .array(z.object({ id: text(100).min(1), amount: dollars }).strict())
          .max(100)
          .optional(),
        ...reasonFields,
      })
      .strict()
      .refine(reasonGiven, reasonMessage),
    result: returns<ActResult>(),
    // Money back to a payer: approvers (DESIGN.md §12); above the district's threshold a second one.
    role: 'approver',
    // Told by the handler, only when an intent was made (a preview makes none).
    changes: ['transactions', 'changes', 'intents'],
    toldBy: 'handler',
  }),
  'payments.void': method({
    args: z
      .object({ transactionId: id, ...reasonFields })
      .strict()
      .refine(reasonGiven, reasonMessage),
    result: returns<ActResult>(),
    role: 'approver',
    // Told by the handler, only when an intent was made (a preview makes none).
    changes: ['transactions', 'changes', 'intents'],
    toldBy: 'handler',
  }),
  'payments.collect': method({
    args: z
      .object({
        method: z.enum(COLLECTION_METHODS),
        payeeId: id,
        amount: dollars,
        payer: z
          .object({
            name: text(200),
            address: text(200).optional(),
            address2: text(200).optional(),
            email: text(200).optional(),
            phone: text(40).optional(),
            city: text(100).optional(),
            state: text(10).optional(),
            postalCode: text(20).optional(),
            country: text(10).optional(),
          })
          .strict(),
        checkNumber: text(30).optional(),
        glAccountNumber: text(64).optional(),
        items: z
          .array(z.object({ name: text(200), amount: dollars, glAccountNumber: text(64).optional() }).strict())
          .max(100)
          .optional(),
        note: text(200).optional(),
        preview: z.boolean().default(false),
      })
      .strict(),
    result: returns<ActResult>(),
    // Recording the cash and checks an office took in is the day's work.
    role: 'preparer',
    // Told by the handler, only when an intent was made (a preview makes none).
    changes: ['transactions', 'changes', 'intents'],
    toldBy: 'handler',
  }),
  'intents.list': method({
    args: z
      .object({
        states: z.array(z.enum(INTENT_STATES)).max(INTENT_STATES.length).optional(),
        transactionId: id.optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict()
      .default({ limit: 200 }),
    result: returns<PaymentIntent[]>(),
    role: 'viewer',
  }),
  /** A second approver sends a refund that was above the threshold. */
  'intents.approve': method({
    args: z.object({ id: text(64).min(1) }).strict(),
    result: returns<ActResult>(),
    role: 'approver',
    changes: ['transactions', 'changes', 'intents'],
  }),
  /**
   * A person settles an intent in doubt (or withdraws one awaiting approval), having looked at the
   * service: it happened, or it did not. Nothing is sent.
   */
  'intents.resolve': method({
    args: z
      .object({ id: text(64).min(1), outcome: z.enum(['happened', 'did_not_happen']), note: text(2000).min(1) })
      .strict(),
    result: returns<PaymentIntent>(),
    role: 'approver',
    changes: ['intents'],
  }),
} as const;

export interface IntentEvent {
  at: string;
  actor: string;
  /** requested, approved, sent, answer_lost, verified_happened, verified_not_happened, done, failed, unknown, resolved. */
  event: string;
  detail: string | null;
}

export interface PaymentIntent {
  /** The client reference (a collection sends it in `data` too). */
  id: string;
  kind: IntentKind;
  state: IntentState;
  /** Refund, void: the transaction acted on. Collection: the transaction created, once known. */
  transactionId: number | null;
  payeeId: number | null;
  amountCents: number | null;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
  /** POSTs sent so far. */
  attempts: number;
  /** What happened, in words (the service's refusal, why it is in doubt, the person's note). */
  message: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
  updatedAt: string;
  /** Oldest first. */
  events: IntentEvent[];
}

/** What a confirmation shows before anything is sent. */
export interface ActPreview {
  kind: IntentKind;
  transactionId: number | null;
  payeeId: number;
  payeeName: string | null;
  payerName: string | null;
  method: string;
  /** The whole sale. */
  saleCents: number | null;
  /** Refund: refunded before this one. */
  refundedBeforeCents: number | null;
  /** Refund, void, collection: what this moves. */
  amountCents: number;
  /** Refund: what would remain refundable after it. */
  remainingAfterCents: number | null;
  items: Array<{ id: string | null; name: string | null; amountCents: number }>;
  /** Above the district's threshold: another approver must approve it before it is sent. */
  needsSecondApprover: boolean;
}

export interface ActResult {
  preview: ActPreview;
  /** Absent for a preview. */
  intent: PaymentIntent | null;
  /** The transaction as the store now holds it (after the write), when known. */
  transaction: Transaction | null;
}
