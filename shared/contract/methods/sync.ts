/** The sync.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import { businessDate } from '../args';
import type { SyncRunSummary, SyncStatus } from '../results';
import { method, returns, none } from '../method';

export const syncMethods = {
  'sync.start': method({
    args: z
      .object({
        // The engine holds the exact reach (ten years back from today); this refuses the absurd early.
        from: businessDate
          .refine((date) => date >= '2000-01-01', { message: 'must be 2000-01-01 or later' })
          .optional(),
      })
      .strict()
      .default({}),
    result: returns<{ runId: number; alreadyRunning: boolean }>(),
    role: 'preparer',
  }),
  'sync.cancel': method({
    args: none,
    result: returns<{ cancelled: boolean }>(),
    role: 'preparer',
  }),
  'sync.status': method({
    args: none,
    result: returns<SyncStatus>(),
    role: 'viewer',
  }),
  'sync.runs': method({
    args: z
      .object({ limit: z.number().int().min(1).max(100).default(20) })
      .strict()
      .default({ limit: 20 }),
    result: returns<SyncRunSummary[]>(),
    role: 'viewer',
  }),
} as const;
