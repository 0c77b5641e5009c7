/** The service's resources as we keep them: money in integer cents, batch ids as text. */
import type { BusinessDate } from '../time';

export const PAYMENT_METHODS = ['ACH', 'CC', 'Cash', 'PhysicalCheck'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const TRANSACTION_STATUSES = [
  'Error',
  'Pending',
  'Settled',
  'Voided',
  'Refunded',
  'Returned',
  'Unknown',
  'Declined',
] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface Payee {
  id: number;
  name: string;
  merchantId: string;
  /** No longer listed by the service; kept so old rows still have a name. */
  removed: boolean;
}

export interface GlAccount {
  id: string;
  number: string;
  label: string;
  removed: boolean;
}

export interface Transaction {
  id: number;
  orderId: number | null;
  payeeId: number;
  paymentMethod: PaymentMethod;
  status: TransactionStatus;
  statusMessage: string | null;
  amountCents: number;
  amountRefundedCents: number;
  convenienceFeeCents: number;
  taxCents: number;
  shippingCents: number;
  /** Batch ids are text everywhere (the spec types them as string and as int). */
  batchId: string | null;
  data: string | null;
  payerName: string | null;
  glAccountId: string | null;
  /** Central date of the after/before window that returned it (transactions carry no date). */
  businessDate: BusinessDate;
}

export interface PurchasedItem {
  transactionId: number;
  itemId: string;
  itemName: string | null;
  amountCents: number;
  glAccountId: string | null;
  studentNumber: string | null;
  studentName: string | null;
}

export interface Batch {
  id: string;
  payeeId: number;
  date: BusinessDate;
  paymentMethod: PaymentMethod;
  totalCents: number;
  feesCents: number;
  partialCents: number;
  totalCount: number;
}

export interface GlBatch {
  glBatchId: string;
  date: BusinessDate;
  batchId: string;
  payeeId: number;
  glAccountId: string | null;
  glNumber: string | null;
  glLabel: string | null;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
}

/** A record as received from the service: its domain value and the exact JSON object it came from. */
export interface Received<T> {
  value: T;
  raw: string;
}

export type ReceivedItem = PurchasedItem & { raw: string };

/** A transaction from a list: its business date is the window's (transactions carry no date). */
export interface ReceivedTransaction {
  value: Omit<Transaction, 'businessDate'>;
  items: ReceivedItem[];
  raw: string;
  /** `raw` reduced to a short hash, stored beside it (the engine's rawDigest). */
  digest: string;
}
