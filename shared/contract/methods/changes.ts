/** The changes.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { Change, ChangeGroup } from '../../domain';
import { CHANGE_KINDS } from '../../domain';
import { cursor, id, pageLimit } from '../args';
import type { Page } from '../results';
import { method, returns, none } from '../method';

export const changesMethods = {
  'changes.list': method({
    args: z
      .object({
        kinds: z.array(z.enum(CHANGE_KINDS)).max(CHANGE_KINDS.length).optional(),
        unacknowledgedOnly: z.boolean().default(true),
        /**
         * The first sync's reversals, found already there ("before District Recon"): listed apart, not
         * among the changes since the last review (issue 30 item 6). `unacknowledged` then counts them.
         */
        beforeDistrictRecon: z.boolean().default(false),
        cursor,
        limit: pageLimit,
      })
      .strict(),
    result: returns<Page<Change> & { unacknowledged: number }>(),
    role: 'viewer',
  }),
  /** Unacknowledged changes by kind, action kinds first. */
  'changes.groups': method({
    args: none,
    result: returns<ChangeGroup[]>(),
    role: 'viewer',
  }),
  'changes.acknowledge': method({
    args: z
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
    result: returns<{ acknowledged: number }>(),
    role: 'preparer',
    // Told by the handler, only when some change was acknowledged.
    changes: ['changes'],
    toldBy: 'handler',
  }),
} as const;
