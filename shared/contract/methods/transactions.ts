/** The transactions.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { Transaction } from '../../domain';
import { cursor, id, pageLimit, transactionFilterSchema } from '../args';
import type { Page, TransactionDetail } from '../results';
import { method, returns } from '../method';

export const transactionsMethods = {
  'transactions.list': method({
    args: z.object({ filter: transactionFilterSchema.default({}), cursor, limit: pageLimit }).strict(),
    result: returns<Page<Transaction>>(),
    role: 'viewer',
  }),
  'transactions.count': method({
    args: z.object({ filter: transactionFilterSchema.default({}) }).strict(),
    result: returns<{ count: number }>(),
    role: 'viewer',
  }),
  'transactions.get': method({
    args: z.object({ id }).strict(),
    result: returns<TransactionDetail>(),
    role: 'viewer',
  }),
  /**
   * The payer and GL account the service's list leaves out, fetched now for one transaction (the
   * sync's details phase fetches them for all): a write, since transactions.get never fetches.
   */
  'transactions.fetchDetails': method({
    args: z.object({ id }).strict(),
    result: returns<TransactionDetail>(),
    // Asks the service and stores what it says, as a sync does.
    role: 'preparer',
    // Told by the handler, only when the service answered and the details were stored.
    changes: ['transactions'],
    toldBy: 'handler',
  }),
  /** The cursor that makes transactions.list start at row `position` (0-based) of the filtered list: a scrollbar jump. */
  'transactions.seek': method({
    args: z
      .object({
        filter: transactionFilterSchema.default({}),
        position: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      })
      .strict(),
    /** null: start from the top (position 0). Past the end: a cursor whose page is empty. */
    result: returns<{ cursor: string | null }>(),
    role: 'viewer',
  }),
} as const;
