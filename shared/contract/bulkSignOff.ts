/**
 * Sign-off at scale (issue 30 item 5): the deposits a bookkeeper selected, each signed off under its
 * own revision guard (the checks as they were read), one after the other. Those that changed, or do
 * not tie out, are left and named; the rest are signed.
 */
import { z } from 'zod';
import { batchId, text } from './args';
import { method, returns } from './method';

export interface BulkSignOffResult {
  /** The deposits signed off, in the order given. */
  signed: string[];
  signedCents: number;
  /** The deposits left as they were, each with why (changed since read, does not tie out, already signed off). */
  left: Array<{ id: string; reason: string }>;
}

export const bulkSignOffMethods = {
  'batches.signOffMany': method({
    args: z
      .object({
        deposits: z
          .array(
            z
              .object({
                id: batchId,
                /** BatchDetail.revision (or the list's) as read: a deposit whose checks changed since is left. */
                revision: z.string().max(64).nullable().optional(),
              })
              .strict(),
          )
          .min(1, 'select at least one deposit')
          .max(5000),
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
