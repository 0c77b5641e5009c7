/** The bank side of the contract (DESIGN.md §10): statements, lines, matches, explanations. */
import { z } from 'zod';
import type {
  BankAccount,
  BankCsvMapping,
  BankCsvPreview,
  BankExplanation,
  BankImportSummary,
  BankLineDetail,
  BankLineSummary,
  BankStatement,
  BankStatementRemoval,
  InTransitBatch,
} from '../domain';
import { BANK_EXPLANATION_KINDS, BANK_LINE_STATUSES } from '../domain';
import { batchId, businessDate, cursor, id, pageLimit, text } from './args';
import { Page } from './results';
import { method, returns } from './method';

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

export const actor = text(100).optional();
export const undoReason = text(2000).min(1, 'say why');

/** A statement file: text as read, or its bytes in base64 (decoded as UTF-8, else Windows-1252). */
const statementFile = {
  fileName: text(500).min(1),
  content: z.string().max(200_000_000),
  encoding: z.enum(['text', 'base64']).default('text'),
};

export const bankMethods = {
  'bank.import': method({
    args: z
      .object({
        ...statementFile,
        format: z.enum(['bai2', 'ofx', 'csv']).optional(),
        /** The saved CSV column mapping to read a CSV export with. */
        mappingName: text(200).min(1).optional(),
        by: actor,
      })
      .strict(),
    result: returns<BankImportSummary>(),
    role: 'preparer',
    fileContent: ['content'],
    // Told by the handler, only when the import changed a line or a match.
    changes: ['bank'],
    toldBy: 'handler',
  }),
  'bank.lines': method({
    args: z.object({ filter: bankLineFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
    result: returns<Page<BankLineSummary>>(),
    role: 'viewer',
  }),
  'bank.line': method({
    args: z.object({ id }).strict(),
    result: returns<BankLineDetail>(),
    role: 'viewer',
  }),
  /**
   * Confirms a line's match: batches for a deposit, the returned transaction for an ACH return, or
   * the deposit slip (its match or a suggestion) for a school office's deposit.
   */
  'bank.confirm': method({
    args: z
      .object({
        lineId: id,
        batchIds: z.array(batchId).min(1).max(50).optional(),
        transactionId: id.optional(),
        slipId: text(100).min(1).optional(),
        by: actor,
      })
      .strict()
      .refine((a) => [a.batchIds, a.transactionId, a.slipId].filter((x) => x !== undefined).length === 1, {
        message: 'give one of "batchIds", "transactionId" or "slipId"',
      }),
    result: returns<BankLineSummary>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.unmatch': method({
    args: z.object({ lineId: id, reason: undoReason, by: actor }).strict(),
    result: returns<BankLineSummary>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.explain': method({
    args: z
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
    result: returns<BankExplanation>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.unexplain': method({
    args: z.object({ id, reason: undoReason, by: actor }).strict(),
    result: returns<BankExplanation>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.inTransit': method({
    args: z
      .object({ limit: z.number().int().min(1).max(5000).default(1000) })
      .strict()
      .default({ limit: 1000 }),
    result: returns<BankInTransit>(),
    role: 'viewer',
  }),
  'bank.forBatch': method({
    args: z.object({ batchId }).strict(),
    result: returns<{ line: BankLineSummary | null; explanation: BankExplanation | null }>(),
    role: 'viewer',
  }),
  'bank.accounts': method({
    args: z.object({}).strict().default({}),
    result: returns<BankAccount[]>(),
    role: 'viewer',
  }),
  'bank.statements': method({
    args: z
      .object({ limit: z.number().int().min(1).max(1000).default(100) })
      .strict()
      .default({ limit: 100 }),
    result: returns<BankStatement[]>(),
    role: 'viewer',
  }),
  /** Undoes an import: the statement, the lines only it holds, their matches and explanations. */
  'bank.statements.remove': method({
    args: z.object({ statementId: id, by: actor }).strict(),
    result: returns<BankStatementRemoval>(),
    // Undoing an import and deciding what is a duplicate are part of importing.
    role: 'preparer',
    changes: ['bank'],
  }),
  /** Keeps a possible duplicate as a line of its own, or drops it (it stays, set aside). */
  'bank.duplicates.decide': method({
    args: z.object({ lineId: id, decision: z.enum(['keep', 'drop']), by: actor }).strict(),
    result: returns<BankLineSummary>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.mappings.list': method({
    args: z.object({}).strict().default({}),
    result: returns<BankCsvMapping[]>(),
    role: 'viewer',
  }),
  /** Checked by the engine against the CSV mapping's own schema, which names every field to fix. */
  'bank.mappings.save': method({
    args: z.object({ mapping: z.record(z.string(), z.unknown()) }).strict(),
    result: returns<BankCsvMapping[]>(),
    // A CSV mapping is how a preparer reads a bank's export: part of importing, not of settings.
    role: 'preparer',
    changes: ['bank'],
  }),
  'bank.mappings.remove': method({
    args: z.object({ name: text(200).min(1) }).strict(),
    result: returns<BankCsvMapping[]>(),
    role: 'preparer',
    changes: ['bank'],
  }),
  /** A file read with a mapping not saved yet (any part of it may be missing): the mapping form's preview. */
  'bank.mappings.preview': method({
    args: z
      .object({
        ...statementFile,
        mapping: z.record(z.string(), z.unknown()).default({}),
        limit: z.number().int().min(1).max(50).default(10),
      })
      .strict(),
    result: returns<BankCsvPreview>(),
    // Reads a file the way an import would, to save a mapping with: only who may import needs it.
    role: 'preparer',
    fileContent: ['content'],
  }),
} as const;

export interface BankInTransit {
  /** Today (Central), the day ages are counted to. */
  asOf: string;
  windowDays: number;
  /** Oldest first. */
  batches: InTransitBatch[];
  truncated: boolean;
}
