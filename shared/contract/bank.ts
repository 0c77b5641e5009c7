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

export const bankMethodSchemas = {
  'bank.import': z
    .object({
      ...statementFile,
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
  /** Undoes an import: the statement, the lines only it holds, their matches and explanations. */
  'bank.statements.remove': z.object({ statementId: id, by: actor }).strict(),
  /** Keeps a possible duplicate as a line of its own, or drops it (it stays, set aside). */
  'bank.duplicates.decide': z.object({ lineId: id, decision: z.enum(['keep', 'drop']), by: actor }).strict(),
  'bank.mappings.list': z.object({}).strict().default({}),
  /** Checked by the engine against the CSV mapping's own schema, which names every field to fix. */
  'bank.mappings.save': z.object({ mapping: z.record(z.string(), z.unknown()) }).strict(),
  'bank.mappings.remove': z.object({ name: text(200).min(1) }).strict(),
  /** A file read with a mapping not saved yet (any part of it may be missing): the mapping form's preview. */
  'bank.mappings.preview': z
    .object({
      ...statementFile,
      mapping: z.record(z.string(), z.unknown()).default({}),
      limit: z.number().int().min(1).max(50).default(10),
    })
    .strict(),
} as const;

export interface BankInTransit {
  /** Today (Central), the day ages are counted to. */
  asOf: string;
  windowDays: number;
  /** Oldest first. */
  batches: InTransitBatch[];
  truncated: boolean;
}

export interface BankMethodResults {
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
  'bank.statements.remove': BankStatementRemoval;
  'bank.duplicates.decide': BankLineSummary;
  'bank.mappings.list': BankCsvMapping[];
  'bank.mappings.save': BankCsvMapping[];
  'bank.mappings.remove': BankCsvMapping[];
  'bank.mappings.preview': BankCsvPreview;
}
