/** What the contract's methods answer: the result types the renderer reads. */
import type {
  BatchSummary,
  Change,
  GlBatch,
  NeedsYou,
  Payee,
  PaymentMethod,
  PurchasedItem,
  Reversal,
  ReversalKind,
  RoutineNews,
  Transaction,
} from '../domain';
import type { ExportLayout } from './args';

export interface AppInfo {
  version: string;
  /** Null on a district server for anyone but an admin. */
  dataFolder: string | null;
  sandbox: boolean;
  /** 'electron' | 'web' | 'direct': which transport the caller came through. */
  host: string;
  /** The engine's Central business date by its clock (a view's default month follows it, not the browser's). */
  today: string;
}

export interface DatabaseStatus {
  /** The database's file or address (without its password); null on a district server for anyone but an admin. */
  database: string | null;
  counts: Record<
    'transactions' | 'batches' | 'glBatchRows' | 'payees' | 'glAccounts' | 'changes' | 'unacknowledgedChanges',
    number
  >;
  transactionDates: { first: string | null; last: string | null };
  batchDates: { first: string | null; last: string | null };
  /** The sync's saved positions, by name. */
  cursors: Record<string, unknown>;
  lastRun: SyncRunSummary | null;
  lastSuccessAt: string | null;
}

export interface Settings {
  serviceUrl: string | null;
  /** Whether a token and secret are stored; the secret itself never leaves the main process. */
  connectionConfigured: boolean;
  sandboxMode: boolean;
  scheduleEnabled: boolean;
  scheduleTime: string;
  refreshWindowDays: number;
  firstSyncDays: number;
  exportLayout: ExportLayout;
  clearingAccount: string;
  depositAccount: string;
  escapeOrgId: string;
  escapeDeptId: string;
  escapeJeType: string;
  reviewerName: string;
  bankMatchWindowDays: number;
  notifyAfterSync: boolean;
  ascenderContraObject: string;
  ascenderContraSubObject: string;
  ascenderNextReceipt: number;
  quickbooksAccountNames: Record<string, string>;
  requireSeparateApprover: boolean;
  /** A refund above this many cents needs a second approver; null: never (DESIGN.md §12). */
  refundSecondApproverAboveCents: number | null;
  /** The day of the next month by which a school's month should be closed (DESIGN.md §13). */
  closeDeadlineDay: number;
  /** The district's name on the auditor's packets and the district workbook; null: unset (DISTRICT_NAME_UNSET). */
  districtName: string | null;
  /** GET /txns/:id requests the payer details phase keeps in flight at once (0: the phase is left out). */
  payerDetailsInFlight: number;
}

export const SYNC_PHASES = [
  'payees',
  'gl_accounts',
  'transactions',
  'batches',
  'gl_batches',
  'payer_details',
  'checks',
  'done',
] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];

export interface SyncProgress {
  runId: number;
  phase: SyncPhase;
  /** Pages committed in this run so far. */
  pages: number;
  rows: number;
  /** 0..1 when it can be estimated. */
  fraction: number | null;
  etaSeconds: number | null;
  message: string;
}

export type SyncRunStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface SyncRunSummary {
  id: number;
  startedAt: string;
  finishedAt: string | null;
  status: SyncRunStatus;
  trigger: 'manual' | 'schedule' | 'catch_up' | 'cli';
  transactionsInserted: number;
  transactionsUpdated: number;
  changesRecorded: number;
  batchesSynced: number;
  glBatchesSynced: number;
  error: string | null;
}

export interface SyncStatus {
  running: boolean;
  progress: SyncProgress | null;
  lastRun: SyncRunSummary | null;
  lastSuccessAt: string | null;
  nextRunAt: string | null;
}

/** One setting changed by one save (issue 26 item 16). */
export interface SettingChange {
  id: number;
  /** ISO-8601 UTC. */
  at: string;
  by: string;
  /** The setting's key (`scheduleTime`), or `credentials` for the service's token and secret. */
  key: string;
  /** The value before and after as JSON text, secrets masked; null: not set. */
  oldValue: string | null;
  newValue: string | null;
}

/** What a keyset-paged list is asked for: its filter, where the last page ended (null: the top), how many. */
export interface PageRequest<F> {
  filter: F;
  cursor?: string | null;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  /** Opaque keyset cursor for the next page; null at the end. */
  nextCursor: string | null;
}

export interface TransactionDetail {
  transaction: Transaction;
  items: PurchasedItem[];
  /** Oldest first: the status timeline. */
  changes: Change[];
  payeeName: string | null;
}

/** One Chart of Accounts account's GL rows in a range, summed. */
export type GlAccountTotal = Pick<
  GlBatch,
  'glAccountId' | 'glNumber' | 'glLabel' | 'amountCents' | 'amountWithoutFeesCents' | 'count'
>;

export interface GlBatchReport {
  rows: GlBatch[];
  byAccount: GlAccountTotal[];
  totalCents: number;
  totalWithoutFeesCents: number;
  rowCount: number;
  /** When more rows matched than were returned (the export still writes them all). */
  truncated: boolean;
  /** Deposits (batches) in the range: the journal entries an export posts for them. */
  depositCount: number;
  /**
   * The reversals first seen in the range, posted beside the deposits (DESIGN.md §6): the first
   * `limit` of them, as for the rows. A first sync sees a district's whole history of refunds at
   * once; listing them all made one month's answer megabytes and its table thousands of rows.
   */
  reversals: Reversal[];
  /** All the range's reversals, listed or not: the export posts every one. */
  reversalCount: number;
  /** Over all of them. */
  reversalTotalCents: number;
}

/** A transaction whose reported money breaks the service's own input rule: stored as sent, flagged. */
export interface OutsideRuleTransaction {
  transactionId: number;
  businessDate: string;
  payeeId: number;
  payeeName: string | null;
  paymentMethod: PaymentMethod;
  batchId: string | null;
  /** Each field, its value and the rule it breaks, in words. */
  rules: string[];
}

export interface OutsideRuleReport {
  /** Oldest first. */
  transactions: OutsideRuleTransaction[];
  /** More of them than the report holds (its limit). */
  truncated: boolean;
}

export interface ReversalReport {
  reversals: Reversal[];
  count: number;
  totalCents: number;
  byKind: Record<ReversalKind, number>;
}

export interface ExportRecord {
  id: number;
  createdAt: string;
  from: string;
  to: string;
  payeeIds: number[];
  methods: PaymentMethod[];
  layout: ExportLayout;
  file: string;
  rowCount: number;
  totalCents: number;
  sha256: string;
  /** The workbook written beside a CSV layout (the CSV is `file`); null for an xlsx export. */
  companionFile?: string | null;
  /** Who exported it (settings.reviewerName, or "bookkeeper"). */
  createdBy?: string | null;
  /** A report (a workbook that posts nothing and claims no deposit), not a posting. */
  report?: boolean;
}

export interface ExportResult {
  record: ExportRecord;
  /** Earlier exports (done or still running) that posted deposits or reversals of this one's range. */
  overlaps: ExportRecord[];
  /** In the range but posted by those exports: left out of this file unless `reposted`. */
  alreadyPosted: { deposits: number; reversals: number };
  /** The bookkeeper asked to post again what was posted before. */
  reposted: boolean;
  /** Journal entries posted: deposits (batches) and reversals (refunds, returns, settled voids). */
  deposits: number;
  reversals: number;
  reversalCents: number;
  /**
   * Deposits it posted that do not tie out (issue 26): named before posting, marked in the workbook.
   * The first hundred in date order (issue 31: a 1M-row export can hold 100k); `untiedCount` counts them all.
   */
  untied: UntiedDeposit[];
  untiedCount: number;
  /** Browser mode: where the renderer can download the file. */
  downloadPath: string | null;
  /** Browser mode, a layout posted with its workbook: where the workbook downloads (null otherwise). */
  workbookDownloadPath?: string | null;
}

/**
 * Why a deposit does not tie out, as an export sees it: its transactions or GL rows never came
 * (`not_synced`), a tie-out check fails (`differs`, by `differenceCents`), or it ties out but no one
 * signed it off (`not_signed_off`).
 */
export type UntiedReason = 'not_synced' | 'differs' | 'not_signed_off';

export interface UntiedDeposit {
  batchId: string;
  /** Central business date of the deposit's GL rows. */
  date: string;
  payeeId: number;
  payeeName: string | null;
  reason: UntiedReason;
  differenceCents: number;
}

export interface DailyDeposit {
  date: string;
  payeeId: number;
  paymentMethod: string;
  totalCents: number;
}

export interface Overview {
  lastRun: SyncRunSummary | null;
  nextRunAt: string | null;
  /** Batches not yet signed off, newest first. */
  newDeposits: BatchSummary[];
  changesToReview: number;
  latestChanges: Change[];
  /** Signed off, then re-opened by an upstream change. */
  reopened: BatchSummary[];
  dailyDeposits: DailyDeposit[];
  payees: Payee[];
  /** What asks for action, most serious first (issue 14); its count is 0 when nothing does. */
  needsYou: NeedsYou;
  /** The routine news folded below it: deposits that tie out, settlements. */
  routine: RoutineNews;
}

/** The range GL Batches and `export gl` start on (electron/engine/export/defaultRange.ts). */
export interface GlDefaultRange {
  from: string;
  to: string;
  /** not_exported: the oldest month with deposits not yet exported; all_exported: the latest month with data. */
  reason: 'not_exported' | 'all_exported' | 'no_data';
}

export interface ConnectionTestResult {
  ok: boolean;
  message: string;
  payeeCount: number | null;
}
