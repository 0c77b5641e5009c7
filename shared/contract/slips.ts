/**
 * Deposit slips (DESIGN.md §12, issue 28 item 3): a school's business day of cash and check
 * collections grouped into one slip, counted by one person and verified by another, with over/short
 * against the collections and its comment; printed as one PDF page.
 */
import { z } from 'zod';
import { method, returns } from './method';
import { id, text } from './args';

/** Bills and coins a counter enters, as dollars: the keys of a slip's cash count. */
export const DENOMINATIONS = ['100', '50', '20', '10', '5', '2', '1', '0.50', '0.25', '0.10', '0.05', '0.01'] as const;
export type Denomination = (typeof DENOMINATIONS)[number];

const businessDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-03-09');
const dollars = z.string().regex(/^\s*\d{1,9}(\.\d{1,2})?\s*$/, 'must be an amount like 12.50');

export const slipMethods = {
  'slips.list': method({
    args: z
      .object({ from: businessDate.optional(), to: businessDate.optional(), payeeId: id.optional() })
      .strict()
      .default({}),
    result: returns<DepositSlip[]>(),
    role: 'viewer',
  }),
  /**
   * Groups the day's cash and check collections of a school not yet on a slip. `cash`: pieces per
   * denomination as counted; `countedChecks`: the checks' sum as counted (omitted: as recorded).
   */
  'slips.create': method({
    args: z
      .object({
        payeeId: id,
        date: businessDate,
        cash: z.partialRecord(z.enum(DENOMINATIONS), z.number().int().min(0).max(1_000_000)).default({}),
        countedChecks: dollars.optional(),
        /** Required when counted and recorded differ (over/short). */
        comment: text(500).optional(),
        /** Single-user: who counted (team mode: the signed-in user, whatever is given). */
        countedBy: text(100).optional(),
      })
      .strict(),
    result: returns<DepositSlip>(),
    role: 'preparer',
    changes: ['slips'],
  }),
  'slips.verify': method({
    args: z.object({ id: text(64).min(1), verifiedBy: text(100).optional() }).strict(),
    result: returns<DepositSlip>(),
    role: 'preparer',
    changes: ['slips'],
  }),
  'slips.pdf': method({
    args: z.object({ id: text(64).min(1) }).strict(),
    result: returns<{ fileName: string; base64: string; sha256: string }>(),
    role: 'viewer',
  }),
} as const;

export interface DepositSlipItem {
  transactionId: number;
  method: 'Cash' | 'PhysicalCheck';
  amountCents: number;
  checkNumber: string | null;
  payerName: string | null;
}

export interface DepositSlip {
  id: string;
  payeeId: number;
  payeeName: string | null;
  date: string;
  /** The collections' sum: what the bank should credit. */
  totalCents: number;
  recordedCashCents: number;
  recordedChecksCents: number;
  countedCashCents: number;
  countedChecksCents: number;
  cash: Partial<Record<Denomination, number>>;
  /** Counted minus recorded: positive over, negative short. */
  overShortCents: number;
  comment: string | null;
  countedBy: string;
  countedAt: string;
  verifiedBy: string | null;
  verifiedAt: string | null;
  /** Single-user: counted and verified under the one name recorded (the slip says so). */
  onePerson: boolean;
  items: DepositSlipItem[];
}
