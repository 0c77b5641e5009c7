/**
 * The store's tables as kysely sees them. Money columns are integer cents; timestamps ISO-8601 UTC
 * text; business dates `YYYY-MM-DD` Central. Every synced row keeps the service's raw JSON.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ChangeKind, PaymentMethod, SignOff, TransactionStatus, Verdict } from '../../../shared/domain';
import type { ExportLayout, SyncRunStatus } from '../../../shared/contract';
import type { TeamTables } from './team/teamSchema';
import type { IntentTables } from './intents/types';
import type { PacketTables } from './packets/types';
import type { MonthTables } from './months/types';
import type { SlipTables } from './slips/types';
import type { AccountMapTables } from './accountMaps/types';
import type {
  BankExplanationsTable,
  BankLinesTable,
  BankMatchesTable,
  BankStatementsTable,
  BankTables,
} from './bank/bankSchema';

export type * from './bank/bankSchema';

/** SQLite has no boolean: 0 or 1. */
type Flag = number;

/**
 * A status-like column: read as the values the engine knows; written as the text given (the
 * service's, checked by the API edge's parser, or a test's fixture).
 */
export type Known<T extends string> = ColumnType<T, string, string>;
export type KnownOrNull<T extends string> = ColumnType<T | null, string | null | undefined, string | null>;

export interface PayeesTable {
  id: number;
  name: string;
  merchant_id: string;
  removed: Flag;
  raw: string;
  updated_at: string;
}

export interface GlAccountsTable {
  id: string;
  number: string;
  label: string;
  removed: Flag;
  raw: string;
  updated_at: string;
}

export interface TransactionsTable {
  id: number;
  order_id: number | null;
  payee_id: number;
  payment_method: Known<PaymentMethod>;
  status: Known<TransactionStatus>;
  status_message: string | null;
  amount_cents: number;
  amount_refunded_cents: number;
  convenience_fee_cents: number;
  tax_cents: number;
  shipping_cents: number;
  batch_id: string | null;
  data: string | null;
  payer_name: string | null;
  gl_account_id: string | null;
  business_date: string;
  raw: string;
  /** raw's digest (migration 012); NULL on rows stored before it until the sync reads them again. */
  raw_digest: ColumnType<string | null, string | null | undefined, string | null>;
  first_seen_at: string;
  updated_at: string;
  first_seen_run_id: number | null;
  /** The status when first seen (migration 004, which backfills it); read as `status` where a row lacks it. */
  first_status: KnownOrNull<TransactionStatus>;
  /**
   * The payer's name folded for search (migration 019, searchFold.ts); '' once fetched with no payer;
   * NULL while the sync has not fetched the transaction's details.
   */
  payer_search: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TransactionItemsTable {
  transaction_id: number;
  item_id: string;
  item_name: string | null;
  amount_cents: number;
  gl_account_id: string | null;
  student_number: string | null;
  student_name: string | null;
  raw: string;
}

export interface TransactionChangesTable {
  id: Generated<number>;
  transaction_id: number;
  kind: Known<ChangeKind>;
  from_status: ColumnType<TransactionStatus | null, string | null, string | null>;
  to_status: Known<TransactionStatus>;
  delta_cents: number | null;
  detail: string | null;
  sync_run_id: number | null;
  seen_at: string;
  acknowledged_at: string | null;
  /** Migration 002. */
  acknowledged_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BatchesTable {
  id: string;
  payee_id: number;
  date: string;
  payment_method: Known<PaymentMethod>;
  total_cents: number;
  fees_cents: number;
  partial_cents: number;
  total_count: number;
  raw: string;
  first_seen_at: string;
  updated_at: string;
}

export interface GlBatchesTable {
  id: Generated<number>;
  gl_batch_id: string;
  date: string;
  batch_id: string;
  payee_id: number;
  gl_account_id: string | null;
  gl_number: string | null;
  gl_label: string | null;
  amount_cents: number;
  amount_without_fees_cents: number;
  count: number;
  raw: string;
  synced_at: string;
}

export interface SyncRunsTable {
  id: Generated<number>;
  started_at: string;
  finished_at: string | null;
  status: Known<SyncRunStatus>;
  trigger: string;
  transactions_inserted: ColumnType<number, number | undefined, number>;
  transactions_updated: ColumnType<number, number | undefined, number>;
  changes_recorded: ColumnType<number, number | undefined, number>;
  batches_synced: ColumnType<number, number | undefined, number>;
  gl_batches_synced: ColumnType<number, number | undefined, number>;
  error: string | null;
}

export interface SyncCursorsTable {
  name: string;
  value: string;
  updated_at: string;
}

export interface BatchReviewsTable {
  id: Generated<number>;
  batch_id: string;
  action: Known<SignOff['action']>;
  by: string;
  at: string;
  note: string | null;
  total_cents: number;
  fees_cents: number;
  partial_cents: number;
  total_count: number;
  /** Migration 002: the local state (counts, sums) the sign-off saw; null on older rows. */
  fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 002: tie-out verdicts precomputed per batch, refreshed for the batches a sync touched. */
export interface BatchChecksTable {
  batch_id: string;
  verdict: Known<Verdict>;
  difference_cents: number;
  /** JSON Check[]. */
  checks: string;
  fingerprint: string;
  computed_at: string;
}

export interface ExportsTable {
  id: Generated<number>;
  created_at: string;
  from_date: string;
  to_date: string;
  /** JSON array of payee ids; [] means all. */
  payee_ids: string;
  /** JSON array of payment methods; [] means all. */
  methods: string;
  layout: Known<ExportLayout>;
  file: string;
  row_count: number;
  total_cents: number;
  sha256: string;
  /** Migration 002. */
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 002: the workbook written beside a CSV layout. */
  companion_file: ColumnType<string | null, string | null | undefined, string | null>;
  total_without_fees_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 006: 'pending' while its file is being put in place, 'done' once it is there. */
  status: ColumnType<string, string | undefined, string>;
  /** Migration 015: the process writing a pending export (export/lease.ts); NULL before leases. */
  owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 015: ISO-8601 UTC, the owner's last heartbeat. */
  heartbeat_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 023: 1 a report (claims nothing), 0 a posting. */
  report: ColumnType<number, number | undefined, number>;
}

export interface SettingsTable {
  key: string;
  /** JSON text. */
  value: string;
}

/** Migration 018: one row per setting a save changed. */
export interface SettingsChangesTable {
  id: Generated<number>;
  /** ISO-8601 UTC. */
  changed_at: string;
  /** The acting user (team mode: the signed-in one). */
  changed_by: string;
  /** The setting's key (`scheduleTime`), or `credentials` for the service's token and secret. */
  setting: string;
  /** JSON text with secrets masked; null: not set (credentials cleared, or none before). */
  old_value: string | null;
  new_value: string | null;
}

/** Migration 005: batches touched by a sync whose checks are not redone yet. */
export interface BatchesToCheckTable {
  batch_id: string;
  since: string;
}

/** Migration 008: which export posted which reversal (a transaction_changes row). */
export interface ExportReversalsTable {
  export_id: number;
  change_id: number;
}

/** Migration 010: which export posts which deposit (batch); claimed before the file is written. */
export interface ExportDepositsTable {
  export_id: number;
  batch_id: string;
}

/** Migration 008: ASCENDER receipt numbers of an export and what each posts. */
export interface ExportReceiptsTable {
  export_id: number;
  receipt: string;
  kind: Known<'deposit' | 'reversal'>;
  batch_id: string | null;
  change_id: number | null;
  date: string;
}

export interface Database
  extends TeamTables, IntentTables, BankTables, PacketTables, MonthTables, SlipTables, AccountMapTables {
  batches_to_check: BatchesToCheckTable;
  payees: PayeesTable;
  gl_accounts: GlAccountsTable;
  transactions: TransactionsTable;
  transaction_items: TransactionItemsTable;
  transaction_changes: TransactionChangesTable;
  batches: BatchesTable;
  gl_batches: GlBatchesTable;
  sync_runs: SyncRunsTable;
  sync_cursors: SyncCursorsTable;
  batch_reviews: BatchReviewsTable;
  batch_checks: BatchChecksTable;
  exports: ExportsTable;
  settings: SettingsTable;
  settings_changes: SettingsChangesTable;
  export_reversals: ExportReversalsTable;
  export_receipts: ExportReceiptsTable;
  export_deposits: ExportDepositsTable;
}

export type TransactionRow = Selectable<TransactionsTable>;
export type NewTransactionRow = Insertable<TransactionsTable>;
export type TransactionRowUpdate = Updateable<TransactionsTable>;
export type BatchRow = Selectable<BatchesTable>;
export type GlBatchRow = Selectable<GlBatchesTable>;
export type ChangeRow = Selectable<TransactionChangesTable>;
export type SyncRunRow = Selectable<SyncRunsTable>;
export type BatchReviewRow = Selectable<BatchReviewsTable>;
export type ExportRow = Selectable<ExportsTable>;
export type BankLineRow = Selectable<BankLinesTable>;
export type BankMatchRow = Selectable<BankMatchesTable>;
export type BankExplanationRow = Selectable<BankExplanationsTable>;
export type BankStatementRow = Selectable<BankStatementsTable>;

/** A transaction's own fields as the service gives them (not its id, raw JSON or sync bookkeeping). */
export const TRANSACTION_FIELDS = [
  'order_id',
  'payee_id',
  'payment_method',
  'status',
  'status_message',
  'amount_cents',
  'amount_refunded_cents',
  'convenience_fee_cents',
  'tax_cents',
  'shipping_cents',
  'batch_id',
  'data',
  'payer_name',
  'gl_account_id',
  'business_date',
] as const;
