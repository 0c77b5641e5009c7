/**
 * The one contract between the renderer and the engine. Each method is `domain.verb`, takes one
 * args object validated by its zod schema on the engine side of every transport, and resolves to
 * its result type. Events flow the other way. Transports (Electron IPC, the browser host, direct
 * calls in tests) are generic over this table: a method added here is a method everywhere.
 * The parts live in shared/contract/ (arguments, results, bank, errors); this file is the one table.
 */
import { z } from 'zod';
import type {
  BatchDetail,
  BatchSummary,
  Change,
  ChangeGroup,
  DaySummaryRow,
  GlAccount,
  Payee,
  Transaction,
} from './domain';
import { CHANGE_KINDS } from './domain';
import { isMethodName, type EventName, type MethodName } from './contractNames';
import {
  EXPORT_LAYOUTS,
  batchFilterSchema,
  batchId,
  businessDate,
  cursor,
  dateRange,
  glFilter,
  id,
  inOrder,
  nulPath,
  pageLimit,
  settingsPatchSchema,
  text,
  transactionFilterSchema,
} from './contract/args';
import {
  AppInfo,
  ConnectionTestResult,
  DatabaseStatus,
  ExportRecord,
  ExportResult,
  UntiedDeposit,
  GlBatchReport,
  GlDefaultRange,
  OutsideRuleReport,
  Overview,
  Page,
  ReversalReport,
  SettingChange,
  Settings,
  SyncProgress,
  SyncRunSummary,
  SyncStatus,
  TransactionDetail,
} from './contract/results';
import { BankMethodResults, bankMethodSchemas } from './contract/bank';
import { ActMethodResults, actMethodSchemas } from './contract/act';
import { AccountMapMethodResults, accountMapMethodSchemas } from './contract/accountMaps';
import { BulkSignOffMethodResults, bulkSignOffMethodSchemas } from './contract/bulkSignOff';
import { ContractError } from './contract/errors';

export * from './contract/args';
export * from './contract/results';
export * from './contract/bank';
export * from './contract/act';
export * from './contract/accountMaps';
export * from './contract/bulkSignOff';
export * from './contract/errors';
export * from './contract/settingsDefaults';

// ---------- the method table ----------

const none = z.object({}).strict().default({});

export const methodSchemas = {
  'app.info': none,
  'app.status': none,

  'settings.get': none,
  'settings.set': z.object({ patch: settingsPatchSchema }).strict(),
  /** Who changed which setting and when, newest first; the cursor is where the last page ended. */
  'settings.changes': z
    .object({
      cursor: z
        .string()
        .regex(/^\d{1,15}$/, 'must be the nextCursor of an earlier page')
        .nullable()
        .optional(),
      limit: z.number().int().min(1).max(500).default(100),
    })
    .strict()
    .default({ limit: 100 }),
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
  /** Transactions of a range whose reported amount, fee, tax or shipping breaks the service's input rule. */
  'reconcile.outsideRule': inOrder(
    z
      .object({ from: businessDate, to: businessDate, limit: z.number().int().min(1).max(10_000).default(1000) })
      .strict(),
  ),

  'export.overlaps': inOrder(glFilter.strict()),
  /** The deposits an export of this scope would post that do not tie out: named before posting. */
  'export.untied': inOrder(glFilter.extend({ repost: z.boolean().optional() }).strict()),
  'export.glBatches': inOrder(
    glFilter
      .extend({
        layout: z.enum(EXPORT_LAYOUTS).optional(),
        /** Electron: the path the save dialog returned. Browser mode: omitted; the host picks a file. */
        file: z.string().min(1).max(1000).optional(),
        /** Replace an existing file: the save dialog asked, or the CLI's --force. Refused in browser mode. */
        overwrite: z.boolean().optional(),
        /** Post again the deposits and reversals an earlier export posted; otherwise they are left out. */
        repost: z.boolean().optional(),
        /** Refuse, posting nothing, when a deposit it would post does not tie out (the CLI's --strict). */
        strict: z.boolean().optional(),
        /** A report: the workbook alone, posting nothing and claiming nothing (the CLI's --report). */
        report: z.boolean().optional(),
      })
      .strict(),
  ),
  'export.list': none,
  ...bankMethodSchemas,
  ...actMethodSchemas,
  ...accountMapMethodSchemas,
  ...bulkSignOffMethodSchemas,
} as const;

export { METHOD_NAMES, EVENT_NAMES, isMethodName, isEventName, type MethodName, type EventName } from './contractNames';

/** Compile-time: the schema table and the name list (contractNames.ts) hold exactly the same methods. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchNames: Same<keyof typeof methodSchemas, MethodName> = true;
void schemasMatchNames;

export type MethodArgs<M extends MethodName> = z.input<(typeof methodSchemas)[M]>;
export type ParsedArgs<M extends MethodName> = z.output<(typeof methodSchemas)[M]>;

export interface MethodResults
  extends BankMethodResults, ActMethodResults, AccountMapMethodResults, BulkSignOffMethodResults {
  'app.info': AppInfo;
  'app.status': DatabaseStatus;
  'settings.get': Settings;
  'settings.set': Settings;
  'settings.changes': Page<SettingChange>;
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
  'reconcile.outsideRule': OutsideRuleReport;
  'export.overlaps': ExportRecord[];
  'export.untied': UntiedDeposit[];
  'export.glBatches': ExportResult;
  'export.list': ExportRecord[];
}

export type MethodResult<M extends MethodName> = MethodResults[M];

/** What the engine implements: a handler per method, receiving already-validated args. */
export type EngineHandlers = {
  [M in MethodName]: (args: ParsedArgs<M>) => Promise<MethodResult<M>>;
};

// ---------- events ----------

export const DATA_SCOPES = [
  'transactions',
  'batches',
  'glBatches',
  'changes',
  'settings',
  'glAccounts',
  'exports',
  'bank',
  'intents',
] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface EngineEvents {
  'sync.progress': SyncProgress;
  'sync.finished': SyncRunSummary;
  'data.changed': { scopes: DataScope[] };
  'export.progress': { rows: number; totalRows: number; file: string };
}

/** Compile-time: the event payload table and the name list hold exactly the same events. */
const eventsMatchNames: Same<keyof EngineEvents, EventName> = true;
void eventsMatchNames;

/**
 * Arguments that are a statement file's text as read: its parser decides what a NUL in a file means
 * (padding, a UTF-16 file sent as text), so the contract's NUL rule leaves them to it.
 */
const FILE_CONTENT_ARGS: Partial<Record<MethodName, ReadonlySet<string>>> = {
  'bank.import': new Set(['content']),
  'bank.mappings.preview': new Set(['content']),
};

/** Validates a call's method and args; the error names the method and the offending field. */
export function parseCall<M extends MethodName>(method: unknown, args: unknown): { method: M; args: ParsedArgs<M> } {
  if (!isMethodName(method)) {
    throw new ContractError('UNKNOWN_METHOD', `Unknown method ${JSON.stringify(method)}`);
  }
  // One place for every text argument of every method, before its schema: NUL (issue 26).
  const withNul = nulPath(args, FILE_CONTENT_ARGS[method]);
  if (withNul) {
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Bad arguments for ${method}: ${withNul}: contains a NUL character (U+0000), which no text here may hold; remove it`,
    );
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

/** The client side of any transport. */
export interface EngineClient {
  call<M extends MethodName>(method: M, args?: MethodArgs<M>): Promise<MethodResult<M>>;
  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void;
}
