/**
 * A school's month as the bookkeeper sees it (its checklist, figures, state and trail), and the
 * district's view of every school's month, most behind first (DESIGN.md §13).
 */
import type { DistrictRow, DistrictStatus, MonthEvent, MonthState, MonthStatus } from '../../../shared/contract/month';
import { ContractError } from '../../../shared/contract/errors';
import { daysBetween } from '../../../shared/time';
import type { ReadableDB } from '../store/work';
import {
  listClosedMonths,
  looseLines,
  monthRecords,
  readMonthFacts,
  reopenedAfterClose,
  type MonthFacts,
  type MonthRecord,
} from '../store/months';
import { checklistOf, districtItem, exceptionsFor, figuresOf } from './checklist';
import { deadlineOf, monthScope, nextMonthOf } from './monthScope';

export interface StatusOptions {
  /** Today, Central. */
  today: string;
  /** Settings.closeDeadlineDay. */
  deadlineDay: number;
}

function stateOf(record: MonthRecord | undefined, met: boolean): MonthState {
  const stored = record?.row?.state;
  if (stored === 'closed') return 'closed';
  if (stored === 'submitted') return 'submitted';
  return met ? 'ready' : 'open';
}

function lateness(state: MonthState, deadline: string, today: string): number {
  return state === 'closed' ? 0 : Math.max(0, daysBetween(deadline, today));
}

async function statusesOf(
  reader: ReadableDB,
  month: string,
  payeeId: number | null,
  options: StatusOptions,
): Promise<{ statuses: MonthStatus[]; facts: MonthFacts }> {
  const facts = await readMonthFacts(reader, monthScope(month, payeeId));
  if (payeeId !== null && facts.payees.length === 0) {
    throw new ContractError(
      'NOT_FOUND',
      `There is no school (payee) ${payeeId}. "district-recon month status --month ${month}" lists them.`,
    );
  }
  const records = await monthRecords(reader, month, payeeId);
  const reopened = await reopenedAfterClose(reader, payeeId === null ? null : [payeeId], month);
  const closed = await listClosedMonths(reader, payeeId === null ? null : [payeeId]);
  const deadline = deadlineOf(month, options.deadlineDay);
  const statuses = facts.payees.map((payee): MonthStatus => {
    const record = records.get(payee.id);
    const checklist = checklistOf(facts, payee.id, month);
    const state = stateOf(
      record,
      checklist.every((i) => i.met),
    );
    const row = record?.row;
    const closedMonths = new Set(closed.filter((c) => c.payeeId === payee.id).map((c) => c.month));
    return {
      month,
      payeeId: payee.id,
      payeeName: payee.name,
      state,
      checklist,
      exceptions: exceptionsFor(
        reopened.filter((r) => r.payeeId === payee.id),
        closedMonths,
        month,
        nextMonthOf,
      ),
      figures: figuresOf(facts, payee.id, month),
      submittedBy: state === 'submitted' || state === 'closed' ? (row?.submitted_by ?? null) : null,
      submittedAt: state === 'submitted' || state === 'closed' ? (row?.submitted_at ?? null) : null,
      closedBy: state === 'closed' ? (row?.closed_by ?? null) : null,
      closedAt: state === 'closed' ? (row?.closed_at ?? null) : null,
      selfApproved: state === 'closed' && Number(row?.self_approved ?? 0) === 1,
      deadline,
      daysPastDeadline: lateness(state, deadline, options.today),
      events: (record?.events ?? []).map((e): MonthEvent => ({
        at: e.at,
        actor: e.actor,
        event: e.event as MonthEvent['event'],
        detail: e.detail,
      })),
    };
  });
  return { statuses, facts };
}

export async function monthStatus(
  reader: ReadableDB,
  month: string,
  payeeId: number,
  options: StatusOptions,
): Promise<MonthStatus> {
  return (await statusesOf(reader, month, payeeId, options)).statuses[0]!;
}

/** How far from closed: open, then ready, submitted, closed. */
const BEHIND: Record<MonthState, number> = { open: 0, ready: 1, submitted: 2, closed: 3 };

export function districtRowOf(status: MonthStatus): DistrictRow {
  return {
    ...status.figures,
    payeeId: status.payeeId,
    payeeName: status.payeeName,
    state: status.state,
    daysPastDeadline: status.daysPastDeadline,
    openItems: status.checklist.filter((i) => !i.met).length,
    closedBy: status.closedBy,
  };
}

/** Most behind first: furthest from closed, then latest, then most open items, then by name. */
export function byMostBehind(a: DistrictRow, b: DistrictRow): number {
  return (
    BEHIND[a.state] - BEHIND[b.state] ||
    b.daysPastDeadline - a.daysPastDeadline ||
    b.openItems - a.openItems ||
    (a.payeeName ?? '').localeCompare(b.payeeName ?? '') ||
    a.payeeId - b.payeeId
  );
}

export async function districtStatus(
  reader: ReadableDB,
  month: string,
  options: StatusOptions,
): Promise<DistrictStatus> {
  const { statuses } = await statusesOf(reader, month, null, options);
  return {
    month,
    deadline: deadlineOf(month, options.deadlineDay),
    rows: statuses.map(districtRowOf).sort(byMostBehind),
    district: districtItem(await looseLines(reader, monthScope(month, null))),
  };
}
