/** The batches.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { BatchDetail, BatchSummary } from '../../domain';
import { batchFilterSchema, batchId, cursor, pageLimit, text } from '../args';
import type { Page } from '../results';
import { method, returns } from '../method';

export const batchesMethods = {
  'batches.list': method({
    args: z.object({ filter: batchFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
    result: returns<Page<BatchSummary>>(),
    role: 'viewer',
  }),
  'batches.get': method({
    args: z.object({ id: batchId }).strict(),
    result: returns<BatchDetail>(),
    role: 'viewer',
  }),
  'batches.signOff': method({
    args: z
      .object({
        id: batchId,
        note: text(2000).default(''),
        by: text(100).optional(),
        /** BatchDetail.revision as the caller read it: refused with CONFLICT when the checks changed since. */
        revision: z.string().max(64).optional(),
      })
      .strict(),
    result: returns<BatchDetail>(),
    role: 'approver',
    // Told by the handler, even when the sign-off is refused: it may have brought the checks up to date.
    changes: ['batches'],
    toldBy: 'handler',
  }),
  'batches.unsign': method({
    args: z.object({ id: batchId, reason: text(2000).min(1), by: text(100).optional() }).strict(),
    result: returns<BatchDetail>(),
    role: 'approver',
    changes: ['batches'],
  }),
  /** Team mode: marks a deposit prepared for sign-off; the preparer is whoever calls (no "by"). */
  'batches.prepare': method({
    args: z.object({ id: batchId, note: text(2000).default('') }).strict(),
    result: returns<BatchDetail>(),
    role: 'preparer',
    changes: ['batches'],
  }),
} as const;
