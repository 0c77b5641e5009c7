/**
 * The morning screen's two halves (issue 14): what needs the bookkeeper, most serious first, and the
 * routine news folded below it. The engine computes both (reconcile/overview.ts) so the Overview, the
 * desktop notification after the nightly sync and any later host agree on what "needs you" means.
 */
import type { ChangeKind } from './changes';
import type { BatchSummary, Reversal, ReversalKind } from './reconcile';

/**
 * The feed's kinds in the order they ask for the bookkeeper: money that changed or went back first,
 * then failures, then the first sightings the writer stores (only non-routine ones: a sale first seen
 * Declined, Error, Unknown, Voided, Refunded or Returned). The rest is routine news.
 */
export const ACTION_CHANGE_KINDS = [
  'anomaly',
  'returned',
  'voided_after_settlement',
  'refunded',
  'errored',
  'unknown',
  'declined',
  'first_seen',
] as const satisfies readonly ChangeKind[];

/** A sale settling, an unclear answer resolved, a pending sale voided before any money moved. */
export const ROUTINE_CHANGE_KINDS = ['settled', 'resolved', 'voided'] as const satisfies readonly ChangeKind[];

export function isActionKind(kind: ChangeKind): boolean {
  return (ACTION_CHANGE_KINDS as readonly ChangeKind[]).includes(kind);
}

/** Every kind, action kinds first in their order of seriousness, then routine ones. */
export const CHANGE_KINDS_BY_URGENCY: readonly ChangeKind[] = [...ACTION_CHANGE_KINDS, ...ROUTINE_CHANGE_KINDS];

/** One kind of the feed with what is waiting in it. */
export interface ChangeGroup {
  kind: ChangeKind;
  /** Changes of this kind not yet acknowledged. */
  count: number;
  /** The newest of them: acknowledging "up to" it takes exactly the changes counted. */
  newestId: number;
  action: boolean;
}

export interface DepositNews {
  count: number;
  /** Differs: the sum of the deposits' differences; otherwise their total. */
  cents: number;
  /** The worst first (largest difference, then newest), at most a screenful. */
  batches: BatchSummary[];
}

export interface ReversalNews {
  count: number;
  totalCents: number;
  byKind: Record<ReversalKind, { count: number; cents: number }>;
  /** Newest first, at most a screenful. */
  latest: Reversal[];
  /**
   * Reversals the first sync found already there, not acknowledged: listed as "before District
   * Recon", counted apart from those since the last review (issue 30 item 6).
   */
  beforeDistrictRecon?: number;
}

/** Feed news that asks for action but moves no deposit money: the order is the order of seriousness. */
export const ATTENTION_KINDS = ['anomaly', 'errored', 'unknown', 'declined'] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export interface AttentionNews {
  kind: AttentionKind;
  count: number;
  /** The feed kinds it is made of (a sale first seen Declined is a `first_seen` change). */
  changeKinds: ChangeKind[];
  /** The newest few, to open directly. */
  transactionIds: number[];
}

export interface NeedsYou {
  /** Not signed off, and a check fails. */
  differs: DepositNews;
  /** Signed off, then re-opened because the deposit's own facts changed. */
  reopened: DepositNews;
  /** Not signed off, and its transactions or GL rows are not all synced yet. */
  incomplete: DepositNews;
  /** Refunds, ACH returns and settled voids whose change is not yet acknowledged. */
  reversals: ReversalNews;
  /** Only the kinds with something waiting, most serious first. */
  attention: AttentionNews[];
  /**
   * Statement lines with no confirmed match or explanation, and deposits in transit (past the
   * matching window with no line or explanation, as bank.inTransit lists them, at most 5,000);
   * null until a statement is imported.
   */
  bankLines: { unmatched: number; suggested: number; inTransit?: number } | null;
  /**
   * GL rows not yet posted that have no Chart of Accounts account and no default chosen (issue 30
   * item 2), per school: a posting of them is refused until Settings gives each a default account.
   */
  noAccount?: {
    count: number;
    cents: number;
    schools: Array<{ payeeId: number; payeeName: string | null; amountCents: number }>;
  };
  /** Everything above added up: 0 means nothing needs the bookkeeper. */
  count: number;
}

export interface RoutineNews {
  /** Deposits not yet signed off that tie out. */
  deposits: DepositNews;
  /** Routine feed kinds with something not yet acknowledged (a settlement, a resolved sale, a pending void). */
  changes: Array<{ kind: ChangeKind; count: number }>;
}
