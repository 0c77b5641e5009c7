/**
 * Sign-off at scale (issue 30 item 5): the deposits a bookkeeper selected, each signed off under its
 * own revision guard (the checks as the list showed them), one after the other. Those that changed
 * since, or do not tie out, are left and named; the rest are signed.
 */
import { z } from 'zod';
import { batchId, text } from './args';
import { method, returns } from './method';

/** The most deposits one call signs: a month's open deposits of a large district, with room to spare. */
export const BULK_SIGN_OFF_LIMIT = 5000;

/** A checks revision as the engine gives it (BatchSummary.revision, BatchDetail.revision): 16 hex digits. */
export const checksRevisionArg = z
  .string()
  .regex(/^[0-9a-f]{16}$/, 'must be the revision the deposit list gave (16 hex digits); reload the list');

export interface BulkSignOffLeft {
  id: string;
  /** The school's name, null when the payee is not synced. */
  school: string | null;
  /** The deposit's business date (Central time), YYYY-MM-DD; null when there is no such deposit. */
  date: string | null;
  /** One line naming the deposit (school, date) and why it was left, with what changed where known. */
  reason: string;
}

export interface BulkSignOffResult {
  /** The deposits signed off, in the order given. */
  signed: string[];
  signedCents: number;
  /** The deposits left as they were (changed since listed, does not tie out, already signed off). */
  left: BulkSignOffLeft[];
}

const selectedDeposits = z
  .array(z.object({ id: batchId, revision: checksRevisionArg }).strict())
  .min(1, 'select at least one deposit')
  .max(BULK_SIGN_OFF_LIMIT, `at most ${BULK_SIGN_OFF_LIMIT} deposits at once; sign off the rest in another call`)
  .superRefine((deposits, ctx) => {
    const seen = new Set<string>();
    const twice = new Set<string>();
    for (const { id } of deposits) (seen.has(id) ? twice : seen).add(id);
    if (twice.size > 0) {
      const named = [...twice].slice(0, 5).join(', ');
      ctx.addIssue({
        code: 'custom',
        message: `${twice.size === 1 ? 'deposit' : 'deposits'} ${named}${twice.size > 5 ? ` and ${twice.size - 5} more` : ''} listed more than once; send each deposit once`,
      });
    }
  });

export const bulkSignOffMethods = {
  'batches.signOffMany': method({
    args: z
      .object({
        deposits: selectedDeposits,
        note: text(2000).default(''),
        by: text(100).optional(),
      })
      .strict(),
    result: returns<BulkSignOffResult>(),
    role: 'approver',
    // Told by the handler, only when something was signed.
    changes: ['batches'],
    toldBy: 'handler',
  }),
} as const;
