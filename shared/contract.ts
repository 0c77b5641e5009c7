/**
 * The one contract between the renderer and the engine. Each method is `domain.verb`, takes one
 * args object validated by its zod schema on the engine side of every transport, and resolves to
 * its result type. Events flow the other way. Transports (Electron IPC, the browser host, direct
 * calls in tests) are generic over this table: a method added here is a method everywhere.
 */
import { z } from 'zod';
import type {
  BankAccount,
  BankCsvMapping,
  BankExplanation,
  BankImportSummary,
  BankLineDetail,
  BankLineSummary,
  BankStatement,
  BatchDetail,
  BatchSummary,
  Change,
  ChangeGroup,
  DaySummaryRow,
  GlAccount,
  GlBatch,
  InTransitBatch,
  NeedsYou,
  Payee,
  PurchasedItem,
  Reversal,
  ReversalKind,
  RoutineNews,
  Transaction,
} from './domain';
import {
  BANK_EXPLANATION_KINDS,
  BANK_LINE_STATUSES,
  CHANGE_KINDS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  VERDICTS,
} from './domain';
import { isBusinessDate } from './time';
import { isMethodName, type EventName, type MethodName } from './contractNames';

// ---------- argument building blocks ----------

const businessDate = z.string().refine(isBusinessDate, { message: 'must be a date like 2026-03-08' });
const paymentMethod = z.enum(PAYMENT_METHODS);
const id = z.number().int().positive();
const batchId = z.string().min(1).max(64);
const cursor = z.string().max(512).nullable().optional();
const pageLimit = z.number().int().min(1).max(1000).default(200);
const text = (max: number) => z.string().max(max);
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 01:30');

export const EXPORT_LAYOUTS = ['xlsx', 'je-csv', 'ascender', 'escape', 'iif'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

/** One rule for every range: a range whose "from" is after its "to" is refused, never answered empty. */
const inOrder = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema.refine((r) => r.from <= r.to, { message: '"from" must not be after "to"', path: ['from'] });

const dateRange = inOrder(z.object({ from: businessDate, to: businessDate }));

const glFilter = z.object({
  from: businessDate,
  to: businessDate,
  payeeIds: z.array(id).max(500).optional(),
  methods: z.array(paymentMethod).max(4).optional(),
});

export const transactionFilterSchema = z
  .object({
    search: text(200).optional(),
    statuses: z.array(z.enum(TRANSACTION_STATUSES)).max(8).optional(),
    payeeIds: z.array(id).max(500).optional(),
    methods: z.array(paymentMethod).max(4).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    batchId: batchId.optional(),
  })
  .strict();
export type TransactionFilter = z.infer<typeof transactionFilterSchema>;

export const batchFilterSchema = z
  .object({
    payeeIds: z.array(id).max(500).optional(),
    methods: z.array(paymentMethod).max(4).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    verdicts: z.array(z.enum(VERDICTS)).max(3).optional(),
  })
  .strict();
export type BatchFilter = z.infer<typeof batchFilterSchema>;

export const settingsPatchSchema = z
  .object({
    serviceUrl: z.string().url().max(500).nullable(),
    sandboxMode: z.boolean(),
    scheduleEnabled: z.boolean(),
    scheduleTime: clockTime,
    refreshWindowDays: z.number().int().min(1).max(365),
    firstSyncDays: z.number().int().min(1).max(3650),
    exportLayout: z.enum(EXPORT_LAYOUTS),
    clearingAccount: text(64),
    depositAccount: text(64),
    escapeOrgId: text(32),
    escapeDeptId: text(32),
    escapeJeType: text(8),
    reviewerName: text(100),
    /** Business days a deposit may take to reach the bank after its batch date (DESIGN.md §10). */
    bankMatchWindowDays: z.number().int().min(0).max(30),
    /** A desktop notification after the nightly sync when something needs the bookkeeper. */
    notifyAfterSync: z.boolean(),
    /** Team mode: the approver of a sign-off must not be the user who prepared it. */
    requireSeparateApprover: z.boolean(),
    /** ASCENDER contra offset (docs/erp-layouts.md): a typed contra needs object 11XX, 181X or 191X. */
    ascenderContraObject: z.string().regex(/^(|11\d\d|181\d|191\d)$/, 'must be 11XX, 181X, 191X or blank'),
    ascenderContraSubObject: z.string().regex(/^(|[0-9A-Za-z]{2})$/, 'must be two characters or blank'),
    ascenderNextReceipt: z.number().int().min(1).max(999_999),
    /** Chart of Accounts number -> QuickBooks account name (`Parent:Child`), for the IIF layout. */
    quickbooksAccountNames: z
      .record(text(64), text(159))
      .refine((names) => Object.keys(names).length <= 5000, { message: 'at most 5000 accounts' }),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

// ---------- result types ----------

export interface AppInfo {
  version: string;
  dataFolder: string;
  sandbox: boolean;
  /** 'electron' | 'web' | 'direct': which transport the caller came through. */
  host: string;
}

export interface DatabaseStatus {
  database: string;
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
}

export const SYNC_PHASES = [
  'payees',
  'gl_accounts',
  'transactions',
  'batches',
  'gl_batches',
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

export interface GlAccountTotal {
  glAccountId: string | null;
  glNumber: string | null;
  glLabel: string | null;
  amountCents: number;
  amountWithoutFeesCents: number;
  count: number;
}

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
  /** The reversals first seen in the range, posted beside the deposits (DESIGN.md §6). */
  reversals: Reversal[];
  reversalTotalCents: number;
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
  methods: string[];
  layout: ExportLayout;
  file: string;
  rowCount: number;
  totalCents: number;
  sha256: string;
  /** The workbook written beside a CSV layout (the CSV is `file`); null for an xlsx export. */
  companionFile?: string | null;
  /** Who exported it (settings.reviewerName, or "bookkeeper"). */
  createdBy?: string | null;
}

export interface ExportResult {
  record: ExportRecord;
  /** Earlier exports whose range and filters overlap this one, or that posted one of its reversals. */
  overlaps: ExportRecord[];
  /** Journal entries posted: deposits (batches) and reversals (refunds, returns, settled voids). */
  deposits: number;
  reversals: number;
  reversalCents: number;
  /** Browser mode: where the renderer can download the file. */
  downloadPath: string | null;
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

// ---------- bank (DESIGN.md §10) ----------

export const bankLineFilterSchema = z
  .object({
    statuses: z.array(z.enum(BANK_LINE_STATUSES)).max(BANK_LINE_STATUSES.length).optional(),
    /** Bank account numbers. */
    accounts: z.array(text(64).min(1)).max(100).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    /** credit: money in (deposits); debit: money out (fees, returns). */
    direction: z.enum(['credit', 'debit']).optional(),
  })
  .strict();
export type BankLineFilter = z.infer<typeof bankLineFilterSchema>;

const actor = text(100).optional();
const undoReason = text(2000).min(1, 'say why');

const bankMethodSchemas = {
  /** A statement file: text as read, or its bytes in base64 (decoded as UTF-8, else Windows-1252). */
  'bank.import': z
    .object({
      fileName: text(500).min(1),
      content: z.string().max(200_000_000),
      encoding: z.enum(['text', 'base64']).default('text'),
      format: z.enum(['bai2', 'ofx', 'csv']).optional(),
      /** The saved CSV column mapping to read a CSV export with. */
      mappingName: text(200).min(1).optional(),
      by: actor,
    })
    .strict(),
  'bank.lines': z.object({ filter: bankLineFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
  'bank.line': z.object({ id }).strict(),
  /** Confirms a line's match: batches for a deposit, or the returned transaction for an ACH return. */
  'bank.confirm': z
    .object({
      lineId: id,
      batchIds: z.array(batchId).min(1).max(50).optional(),
      transactionId: id.optional(),
      by: actor,
    })
    .strict()
    .refine((a) => (a.batchIds === undefined) !== (a.transactionId === undefined), {
      message: 'give either "batchIds" or "transactionId"',
    }),
  'bank.unmatch': z.object({ lineId: id, reason: undoReason, by: actor }).strict(),
  'bank.explain': z
    .object({
      lineId: id.optional(),
      batchId: batchId.optional(),
      kind: z.enum(BANK_EXPLANATION_KINDS),
      note: text(2000).default(''),
      by: actor,
    })
    .strict()
    .refine((a) => (a.lineId === undefined) !== (a.batchId === undefined), {
      message: 'give either "lineId" or "batchId"',
    })
    .refine((a) => a.kind !== 'other' || a.note.trim() !== '', { message: '"other" needs a note saying what it is' }),
  'bank.unexplain': z.object({ id, reason: undoReason, by: actor }).strict(),
  'bank.inTransit': z
    .object({ limit: z.number().int().min(1).max(5000).default(1000) })
    .strict()
    .default({ limit: 1000 }),
  'bank.forBatch': z.object({ batchId }).strict(),
  'bank.accounts': z.object({}).strict().default({}),
  'bank.statements': z
    .object({ limit: z.number().int().min(1).max(1000).default(100) })
    .strict()
    .default({ limit: 100 }),
  'bank.mappings.list': z.object({}).strict().default({}),
  /** Checked by the engine against the CSV mapping's own schema, which names every field to fix. */
  'bank.mappings.save': z.object({ mapping: z.record(z.string(), z.unknown()) }).strict(),
  'bank.mappings.remove': z.object({ name: text(200).min(1) }).strict(),
} as const;

export interface BankInTransit {
  /** Today (Central), the day ages are counted to. */
  asOf: string;
  windowDays: number;
  /** Oldest first. */
  batches: InTransitBatch[];
  truncated: boolean;
}

interface BankMethodResults {
  'bank.import': BankImportSummary;
  'bank.lines': Page<BankLineSummary>;
  'bank.line': BankLineDetail;
  'bank.confirm': BankLineSummary;
  'bank.unmatch': BankLineSummary;
  'bank.explain': BankExplanation;
  'bank.unexplain': BankExplanation;
  'bank.inTransit': BankInTransit;
  'bank.forBatch': { line: BankLineSummary | null; explanation: BankExplanation | null };
  'bank.accounts': BankAccount[];
  'bank.statements': BankStatement[];
  'bank.mappings.list': BankCsvMapping[];
  'bank.mappings.save': BankCsvMapping[];
  'bank.mappings.remove': BankCsvMapping[];
}

// ---------- the method table ----------

const none = z.object({}).strict().default({});

export const methodSchemas = {
  'app.info': none,
  'app.status': none,

  'settings.get': none,
  'settings.set': z.object({ patch: settingsPatchSchema }).strict(),
  'connection.set': z
    .object({
      url: z.string().url().max(500),
      // Basic authentication ends the token at its first ':', so such a token can never work.
      token: z
        .string()
        .min(1)
        .max(500)
        .refine((token) => !token.includes(':'), { message: 'a token cannot contain ":"; check the token' }),
      secret: z.string().min(1).max(500),
    })
    .strict(),
  'connection.clear': none,
  'connection.test': z
    .object({ url: z.string().url().max(500).optional() })
    .strict()
    .default({}),

  'sync.start': z
    .object({
      // The engine holds the exact reach (ten years back from today); this refuses the absurd early.
      from: businessDate.refine((date) => date >= '2000-01-01', { message: 'must be 2000-01-01 or later' }).optional(),
    })
    .strict()
    .default({}),
  'sync.cancel': none,
  'sync.status': none,
  'sync.runs': z
    .object({ limit: z.number().int().min(1).max(100).default(20) })
    .strict()
    .default({ limit: 20 }),

  'overview.get': none,

  'payees.list': none,
  'glAccounts.list': none,
  'glAccounts.add': z.object({ number: text(64).min(2), label: text(200).min(2) }).strict(),
  'glAccounts.remove': z.object({ number: text(64).min(2), label: text(200).min(2) }).strict(),

  'transactions.list': z.object({ filter: transactionFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
  'transactions.count': z.object({ filter: transactionFilterSchema.default({}) }).strict(),
  'transactions.get': z.object({ id }).strict(),
  /** The cursor that makes transactions.list start at row `position` (0-based) of the filtered list: a scrollbar jump. */
  'transactions.seek': z
    .object({
      filter: transactionFilterSchema.default({}),
      position: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    })
    .strict(),

  'batches.list': z.object({ filter: batchFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
  'batches.get': z.object({ id: batchId }).strict(),
  'batches.signOff': z
    .object({
      id: batchId,
      note: text(2000).default(''),
      by: text(100).optional(),
      /** BatchDetail.revision as the caller read it: refused with CONFLICT when the checks changed since. */
      revision: z.string().max(64).optional(),
    })
    .strict(),
  'batches.unsign': z.object({ id: batchId, reason: text(2000).min(1), by: text(100).optional() }).strict(),
  /** Team mode: marks a deposit prepared for sign-off; the preparer is whoever calls (no "by"). */
  'batches.prepare': z.object({ id: batchId, note: text(2000).default('') }).strict(),

  'glBatches.list': inOrder(glFilter.extend({ limit: z.number().int().min(1).max(5000).default(2000) }).strict()),
  'glBatches.defaultRange': none,

  'changes.list': z
    .object({
      kinds: z.array(z.enum(CHANGE_KINDS)).max(CHANGE_KINDS.length).optional(),
      unacknowledgedOnly: z.boolean().default(true),
      cursor,
      limit: pageLimit,
    })
    .strict(),
  /** Unacknowledged changes by kind, action kinds first. */
  'changes.groups': none,
  'changes.acknowledge': z
    .object({
      ids: z.array(id).max(10_000).optional(),
      upToId: id.optional(),
      /** A whole group at once; with upToId, only as far as the count the bookkeeper confirmed. */
      kinds: z.array(z.enum(CHANGE_KINDS)).min(1).max(CHANGE_KINDS.length).optional(),
    })
    .strict()
    .refine((a) => (a.ids === undefined) !== (a.upToId === undefined && a.kinds === undefined), {
      message: 'give either "ids", or "kinds" and/or "upToId"',
    }),

  'reconcile.summary': dateRange,
  /** The refunds, ACH returns and settled voids first seen in a range (DESIGN.md §6). */
  'reconcile.reversals': inOrder(glFilter.strict()),

  'export.overlaps': inOrder(glFilter.strict()),
  'export.glBatches': inOrder(
    glFilter
      .extend({
        layout: z.enum(EXPORT_LAYOUTS).optional(),
        /** Electron: the path the save dialog returned. Browser mode: omitted; the host picks a file. */
        file: z.string().min(1).max(1000).optional(),
        /** Replace an existing file: the save dialog asked, or the CLI's --force. Refused in browser mode. */
        overwrite: z.boolean().optional(),
      })
      .strict(),
  ),
  'export.list': none,
  ...bankMethodSchemas,
} as const;

export { METHOD_NAMES, EVENT_NAMES, isMethodName, isEventName, type MethodName, type EventName } from './contractNames';

/** Compile-time: the schema table and the name list (contractNames.ts) hold exactly the same methods. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchNames: Same<keyof typeof methodSchemas, MethodName> = true;
void schemasMatchNames;

export type MethodArgs<M extends MethodName> = z.input<(typeof methodSchemas)[M]>;
export type ParsedArgs<M extends MethodName> = z.output<(typeof methodSchemas)[M]>;

export interface MethodResults extends BankMethodResults {
  'app.info': AppInfo;
  'app.status': DatabaseStatus;
  'settings.get': Settings;
  'settings.set': Settings;
  'connection.set': Settings;
  'connection.clear': Settings;
  'connection.test': ConnectionTestResult;
  'sync.start': { runId: number; alreadyRunning: boolean };
  'sync.cancel': { cancelled: boolean };
  'sync.status': SyncStatus;
  'sync.runs': SyncRunSummary[];
  'overview.get': Overview;
  'payees.list': Payee[];
  'glAccounts.list': GlAccount[];
  'glAccounts.add': GlAccount[];
  'glAccounts.remove': GlAccount[];
  'transactions.list': Page<Transaction>;
  'transactions.count': { count: number };
  'transactions.get': TransactionDetail;
  /** null: start from the top (position 0). Past the end: a cursor whose page is empty. */
  'transactions.seek': { cursor: string | null };
  'batches.list': Page<BatchSummary>;
  'batches.get': BatchDetail;
  'batches.signOff': BatchDetail;
  'batches.unsign': BatchDetail;
  'batches.prepare': BatchDetail;
  'glBatches.list': GlBatchReport;
  'glBatches.defaultRange': GlDefaultRange;
  'changes.list': Page<Change> & { unacknowledged: number };
  'changes.groups': ChangeGroup[];
  'changes.acknowledge': { acknowledged: number };
  'reconcile.summary': DaySummaryRow[];
  'reconcile.reversals': ReversalReport;
  'export.overlaps': ExportRecord[];
  'export.glBatches': ExportResult;
  'export.list': ExportRecord[];
}

export type MethodResult<M extends MethodName> = MethodResults[M];

/** What the engine implements: a handler per method, receiving already-validated args. */
export type EngineHandlers = {
  [M in MethodName]: (args: ParsedArgs<M>) => Promise<MethodResult<M>>;
};

// ---------- events ----------

export type DataScope =
  'transactions' | 'batches' | 'glBatches' | 'changes' | 'settings' | 'glAccounts' | 'exports' | 'bank';

export interface EngineEvents {
  'sync.progress': SyncProgress;
  'sync.finished': SyncRunSummary;
  'data.changed': { scopes: DataScope[] };
  'export.progress': { rows: number; totalRows: number; file: string };
}

/** Compile-time: the event payload table and the name list hold exactly the same events. */
const eventsMatchNames: Same<keyof EngineEvents, EventName> = true;
void eventsMatchNames;

// ---------- errors across transports ----------

/** Codes a bookkeeper-facing message can be chosen from; the message itself is already in words. */
export type ErrorCode =
  | 'BAD_ARGUMENTS'
  | 'UNKNOWN_METHOD'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'NOT_CONFIGURED'
  | 'SERVICE_ERROR'
  | 'NETWORK'
  | 'STORE'
  | 'EXPORT'
  /** The user declined (closed the save dialog): not a failure, nothing to show. */
  | 'CANCELLED'
  | 'INTERNAL';

export interface ErrorPayload {
  code: ErrorCode;
  message: string;
}

export class ContractError extends Error {
  override readonly name = 'ContractError';
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  toPayload(): ErrorPayload {
    return { code: this.code, message: this.message };
  }
}

/** Validates a call's method and args; the error names the method and the offending field. */
export function parseCall<M extends MethodName>(method: unknown, args: unknown): { method: M; args: ParsedArgs<M> } {
  if (!isMethodName(method)) {
    throw new ContractError('UNKNOWN_METHOD', `Unknown method ${JSON.stringify(method)}`);
  }
  const schema = methodSchemas[method] as z.ZodType;
  const result = schema.safeParse(args === undefined ? {} : args);
  if (!result.success) {
    const detail = result.error.issues
      .map((issue) => `${issue.path.length ? issue.path.join('.') : 'args'}: ${issue.message}`)
      .join('; ');
    throw new ContractError('BAD_ARGUMENTS', `Bad arguments for ${method}: ${detail}`);
  }
  return { method: method as M, args: result.data as ParsedArgs<M> };
}

/** Turns anything thrown by a handler into a payload that is safe to send: never a stack trace. */
export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof ContractError) return error.toPayload();
  if (error && typeof error === 'object' && 'code' in error && 'message' in error) {
    const code = (error as { code: unknown }).code;
    const message = (error as { message: unknown }).message;
    if (typeof code === 'string' && typeof message === 'string' && isErrorCode(code)) return { code, message };
  }
  return { code: 'INTERNAL', message: 'Something went wrong inside District Recon. The details are in the log.' };
}

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'BAD_ARGUMENTS',
  'UNKNOWN_METHOD',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_CONFIGURED',
  'SERVICE_ERROR',
  'NETWORK',
  'STORE',
  'EXPORT',
  'CANCELLED',
  'INTERNAL',
]);

function isErrorCode(code: string): code is ErrorCode {
  return ERROR_CODES.has(code);
}

/** The client side of any transport. */
export interface EngineClient {
  call<M extends MethodName>(method: M, args?: MethodArgs<M>): Promise<MethodResult<M>>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
}
