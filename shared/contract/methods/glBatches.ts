/** The glBatches.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import { glFilter, inOrder } from '../args';
import type { GlBatchReport, GlDefaultRange } from '../results';
import { method, returns, none } from '../method';

export const glBatchesMethods = {
  'glBatches.list': method({
    args: inOrder(glFilter.extend({ limit: z.number().int().min(1).max(5000).default(2000) }).strict()),
    result: returns<GlBatchReport>(),
    role: 'viewer',
  }),
  'glBatches.defaultRange': method({
    args: none,
    result: returns<GlDefaultRange>(),
    role: 'viewer',
  }),
} as const;
