/**
 * The auditor's packet as content (DESIGN.md §13): everything printed on it, as plain data. The SHA-256
 * printed on the packet is of this content in canonical form (hash.ts), and the PDF is rendered from it
 * alone (render.ts), so the bytes are a pure function of the content: same store, same packet.
 */
import type { ReadableDB, WritableDB } from '../../store/work';

/** A month's close state as the month's close records it (store/months, another part of issue 29). */
export type MonthState = 'open' | 'ready' | 'submitted' | 'closed';

export interface CloseState {
  state: MonthState;
  submittedBy: string | null;
  submittedAt: string | null;
  closedBy: string | null;
  closedAt: string | null;
  reopenedBy: string | null;
  reopenedAt: string | null;
  reason: string | null;
  /** The district's name recorded at the close (null: closed before it was recorded, or not closed). */
  districtName: string | null;
}

/** A cash and check deposit slip of the month (store/slips): counted vs what the ledger recorded. */
export interface DepositSlipInput {
  date: string;
  slip: string;
  countedBy: string;
  verifiedBy: string | null;
  cashCents: number;
  checkCents: number;
  checkCount: number;
  /** What the ledger (the day's cash and check sales) says should be there. */
  expectedCents: number;
  comment: string | null;
}

/**
 * What printing needs: the store's handles and the month's close state (null: nothing recorded, so
 * open), a parameter so this part does not depend on the month's close.
 */
export interface PacketDeps {
  reader: ReadableDB;
  writer: WritableDB;
  closeState(month: string, payeeId: number): Promise<CloseState | null>;
  /** ISO-8601 UTC now: only for the stored_at of a stored packet and retention, never printed. */
  now(): string;
}

export interface Person {
  name: string;
  /** ISO-8601 UTC. */
  at: string;
}

export interface DepositLine {
  date: string;
  batchId: string;
  method: string;
  count: number;
  totalCents: number;
  feesCents: number;
  netCents: number;
  /** "ties out", or the verdict and its difference. */
  tieOut: string;
  signedOffBy: string | null;
  signedOffAt: string | null;
}

export interface InTransitLine {
  date: string;
  batchId: string;
  method: string;
  amountCents: number;
  /** The date the bank credited it after the month, or null: no bank line yet. */
  laterBankDate: string | null;
}

export interface BankCreditLine {
  postedDate: string;
  reference: string;
  how: string;
  batchIds: string[];
  amountCents: number;
}

export interface ExplainedLine {
  date: string;
  subject: string;
  kind: string;
  note: string;
  by: string;
  amountCents: number;
}

export interface Reconciliation {
  depositCount: number;
  depositsCents: number;
  /** Fees the processor kept from split settlements (the bank was paid net). */
  feesWithheldCents: number;
  inTransitCents: number;
  explainedDepositsCents: number;
  /** What the bank should have credited by month end. */
  expectedCreditsCents: number;
  bankCreditsCents: number;
  differenceCents: number;
  /** Why the difference is not zero, one line a cause; empty when it is zero. */
  differenceNamed: string[];
  credits: BankCreditLine[];
  inTransit: InTransitLine[];
  explained: ExplainedLine[];
  explainedByKind: Array<{ kind: string; count: number; amountCents: number }>;
}

export interface AccountLine {
  account: string;
  label: string;
  count: number;
  amountCents: number;
  netCents: number;
}

export interface ReversalLine {
  date: string;
  transactionId: number;
  kind: string;
  batchId: string;
  amountCents: number;
}

export interface SlipLine extends DepositSlipInput {
  countedCents: number;
  overShortCents: number;
}

export interface ExceptionLine {
  kind: string;
  date: string;
  subject: string;
  detail: string;
}

export interface TrailLine {
  at: string;
  who: string;
  what: string;
}

export interface SchoolPacketContent {
  kind: 'school';
  district: string;
  school: { id: number; name: string };
  month: string;
  state: MonthState;
  draft: boolean;
  preparer: Person | null;
  approver: Person | null;
  selfApproved: boolean;
  /** ISO-8601 UTC of the close it was printed for; null while open (the PDF dates are then fixed). */
  closedAt: string | null;
  reconciliation: Reconciliation;
  deposits: DepositLine[];
  accounts: AccountLine[];
  reversals: ReversalLine[];
  reversalsCents: number;
  slips: SlipLine[];
  exceptions: ExceptionLine[];
  trail: TrailLine[];
}

export interface DistrictSchoolLine {
  school: string;
  payeeId: number;
  state: MonthState;
  depositsCents: number;
  bankCreditsCents: number;
  inTransitCents: number;
  differenceCents: number;
  reversalsCents: number;
  exceptions: number;
  sha256: string;
}

export interface DistrictPacketContent {
  kind: 'district';
  district: string;
  month: string;
  draft: boolean;
  closedAt: string | null;
  schools: DistrictSchoolLine[];
  totals: Omit<DistrictSchoolLine, 'school' | 'payeeId' | 'state' | 'sha256'>;
}

export type PacketContent = SchoolPacketContent | DistrictPacketContent;

export interface PrintedPacket {
  bytes: Uint8Array;
  sha256: string;
  draft: boolean;
}
