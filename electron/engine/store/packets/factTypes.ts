/** The rows a month packet is printed from (monthFacts.ts), numeric on both dialects. */

/** One school's month: Central business dates and the UTC instants that bound them. */
export interface MonthScope {
  payeeId: number;
  /** First and last business date of the month, YYYY-MM-DD. */
  from: string;
  to: string;
  /** ISO-8601 UTC: the month's first Central midnight, and the next month's. */
  seenFrom: string;
  seenBefore: string;
}

export interface DepositBankMatch {
  lineId: number;
  /** exact | net | lumped | return | manual */
  how: string;
  status: string;
  batchIds: string[];
  postedDate: string;
  lineCents: number;
  reference: string;
}

export interface DepositFact {
  id: string;
  date: string;
  method: string;
  count: number;
  totalCents: number;
  feesCents: number;
  partialCents: number;
  /** The stored tie-out verdict; null while its checks have not run. */
  verdict: string | null;
  differenceCents: number | null;
  /** The bank line holding it (a live match), or null. */
  match: DepositBankMatch | null;
}

export interface ReviewFact {
  id: number;
  batch_id: string;
  /** sign_off | unsign | reopen */
  action: string;
  by: string;
  at: string;
  note: string | null;
  total_cents: number;
}

export interface ExplanationFact {
  batch_id: string;
  kind: string;
  note: string;
  by: string;
  at: string;
}

export interface AccountReceiptFact {
  accountId: string | null;
  number: string | null;
  label: string | null;
  amountCents: number;
  netCents: number;
  count: number;
}

export interface ExplainedLineFact {
  id: number;
  posted_date: string;
  amount_cents: number;
  bank_reference: string;
  kind: string;
  note: string;
  by: string;
  at: string;
}

export interface FailedSaleFact {
  id: number;
  business_date: string;
  payment_method: string;
  status: string;
  status_message: string | null;
  amount_cents: number;
  payer_name: string | null;
}

export interface IntentFact {
  id: string;
  kind: string;
  state: string;
  transaction_id: number | null;
  amount_cents: number | null;
  reason: string;
  requested_by: string;
  requested_at: string;
  approved_by: string | null;
  approved_at: string | null;
}

export interface IntentEventFact {
  intent_id: string;
  seq: number;
  at: string;
  actor: string;
  event: string;
  detail: string | null;
}

export interface MonthFacts {
  payee: { id: number; name: string; merchantId: string } | null;
  deposits: DepositFact[];
  reviews: ReviewFact[];
  batchExplanations: ExplanationFact[];
  accounts: AccountReceiptFact[];
  explainedLines: ExplainedLineFact[];
  failedSales: FailedSaleFact[];
  intents: IntentFact[];
  intentEvents: IntentEventFact[];
  /** Transaction id -> the reason its refund intent gave (refunds made here always give one). */
  refundReasons: Map<number, string>;
}
