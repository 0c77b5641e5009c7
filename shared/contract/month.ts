/**
 * Closing a month per school, then the district (DESIGN.md §13): the month's checklist, computed from
 * the store and never ticked by hand; submit, close and re-open; the district's view of every school.
 */
import { z } from 'zod';
import { method, returns } from './method';
import { id, text } from './args';

/** 'YYYY-MM': a month of Central business dates. */
export const monthId = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month like 2026-10')
  .refine((month) => month >= '2000-01', { message: 'must be 2000-01 or later' });

/** open: items remain; ready: the checklist is met; submitted: a preparer handed it on; closed: locked. */
export const MONTH_STATES = ['open', 'ready', 'submitted', 'closed'] as const;
export type MonthState = (typeof MONTH_STATES)[number];

/** A month's state in words, as the Month and District views and the district workbook show it. */
export const MONTH_STATE_WORDS: Record<MonthState, string> = {
  open: 'Open',
  ready: 'Ready to close',
  submitted: 'Submitted',
  closed: 'Closed',
};

export const CHECKLIST_ITEMS = [
  'deposits_signed_off',
  'deposits_in_bank',
  'suggestions_decided',
  'reversals_posted',
  'revenue_on_accounts',
  'deposits_posted_once',
  'no_unknown_writes',
  /** The district's own: bank lines that belong to no school (a processor's monthly fee). */
  'district_lines_decided',
] as const;
export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number];

/** Where an open thing is fixed: a view of the app and the item to open there. */
export interface FixLink {
  view: 'batches' | 'bank' | 'changes' | 'gl-batches' | 'chart-of-accounts' | 'transactions';
  /** The batch id, bank line id, transaction id…; null: the view itself. */
  itemId: string | null;
}

export interface OpenThing {
  /** In words: "Deposit B-1042 of Oct 14, not signed off". */
  label: string;
  link: FixLink;
}

export interface ChecklistItem {
  item: ChecklistItemId;
  /** What the item asks, in words. */
  title: string;
  met: boolean;
  /** How many things are open. */
  open: number;
  /** The first few of them, each with where it is fixed. */
  firstOpen: OpenThing[];
}

/** A change to a closed month's deposit seen after the close: on the next open month's checklist. */
export interface MonthException {
  batchId: string;
  closedMonth: string;
  seenAt: string;
  detail: string;
  link: FixLink;
}

export interface MonthEvent {
  at: string;
  actor: string;
  event: 'submitted' | 'closed' | 'reopened';
  detail: string | null;
}

export interface MonthFigures {
  deposits: number;
  signedOff: number;
  bankMatched: number;
  inTransit: number;
  depositCents: number;
  bankMatchedCents: number;
  inTransitCents: number;
  /** Deposits neither matched, explained nor in transit at month end. */
  differenceCents: number;
  /** Deposits prepared and not signed off, and refunds awaiting a second approver. */
  pendingApprovals: number;
}

export interface MonthStatus {
  month: string;
  payeeId: number;
  payeeName: string | null;
  state: MonthState;
  checklist: ChecklistItem[];
  exceptions: MonthException[];
  figures: MonthFigures;
  submittedBy: string | null;
  submittedAt: string | null;
  closedBy: string | null;
  closedAt: string | null;
  /** The one person who closed it also prepared it: the packet says so. */
  selfApproved: boolean;
  /** The Central date by which the month should be closed (closeDeadlineDay of the next month). */
  deadline: string;
  /** Whole days past the deadline while not closed (0 when not yet due or closed). */
  daysPastDeadline: number;
  /** Oldest first. */
  events: MonthEvent[];
}

export interface MonthCloseResult extends MonthStatus {
  /** SHA-256 of the auditor's packet stored at close; null when none was (packetError says why). */
  packetSha256: string | null;
  packetError: string | null;
}

export interface DistrictRow extends MonthFigures {
  payeeId: number;
  payeeName: string | null;
  state: MonthState;
  daysPastDeadline: number;
  /** Unmet checklist items. */
  openItems: number;
  closedBy: string | null;
}

export interface DistrictStatus {
  month: string;
  deadline: string;
  /** Most behind first. */
  rows: DistrictRow[];
  /** Bank lines of the month that belong to no school (a processor's fee), neither matched nor explained. */
  district: ChecklistItem;
}

const monthOfSchool = { month: monthId, payeeId: id };

// A preparer hands a month on, an approver closes it, an admin re-opens it (DESIGN.md §13).
export const monthMethods = {
  'month.status': method({ args: z.object(monthOfSchool).strict(), result: returns<MonthStatus>(), role: 'viewer' }),
  'month.district': method({
    args: z.object({ month: monthId }).strict(),
    result: returns<DistrictStatus>(),
    role: 'viewer',
  }),
  'month.submit': method({
    args: z.object(monthOfSchool).strict(),
    result: returns<MonthStatus>(),
    role: 'preparer',
    changes: ['month'],
  }),
  'month.close': method({
    args: z.object(monthOfSchool).strict(),
    result: returns<MonthCloseResult>(),
    role: 'approver',
    changes: ['month'],
  }),
  'month.reopen': method({
    args: z
      .object({
        ...monthOfSchool,
        reason: text(2000).refine((r) => r.trim().length > 0, { message: 'say why the month is re-opened' }),
      })
      .strict(),
    result: returns<MonthStatus>(),
    role: 'admin',
    changes: ['month'],
  }),
} as const;
