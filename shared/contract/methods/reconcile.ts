/** The reconcile.* methods: for each, its arguments, result, the role it needs and the data it changes. */
import { z } from 'zod';
import type { DaySummaryRow } from '../../domain';
import { businessDate, dateRange, glFilter, inOrder } from '../args';
import type { OutsideRuleReport, ReversalReport } from '../results';
import { method, returns } from '../method';

export const reconcileMethods = {
  'reconcile.summary': method({
    args: dateRange,
    result: returns<DaySummaryRow[]>(),
    role: 'viewer',
  }),
  /** The refunds, ACH returns and settled voids first seen in a range (DESIGN.md §6). */
  'reconcile.reversals': method({
    args: inOrder(glFilter.strict()),
    result: returns<ReversalReport>(),
    role: 'viewer',
  }),
  /** Transactions of a range whose reported amount, fee, tax or shipping breaks the service's input rule. */
  'reconcile.outsideRule': method({
    args: inOrder(
      z
        .object({ from: businessDate, to: businessDate, limit: z.number().int().min(1).max(10_000).default(1000) })
        .strict(),
    ),
    result: returns<OutsideRuleReport>(),
    role: 'viewer',
  }),
} as const;
