/**
 * Submitting, closing and re-opening a school's month (DESIGN.md §13). A preparer submits a month
 * whose checklist is met; an approver closes it (with the separate-approver setting, someone other
 * than who submitted it; otherwise the one name is recorded and the close is flagged self-approved);
 * an admin re-opens it with a reason, and its packet is marked superseded (kept). Each move is decided
 * and written in one unit of work (store/months moveMonth), so two people cannot both move one month.
 */
import type { ChecklistItem, MonthCloseResult, MonthStatus } from '../../../shared/contract/month';
import { ContractError } from '../../../shared/contract/errors';
import type { ReadableDB, WritableDB } from '../store/work';
import { moveMonth, type MonthFacts } from '../store/months';
import { checklistOf } from './checklist';
import { firstDayOf, monthScope, nextMonthOf } from './monthScope';
import { formatUsDate } from '../../../shared/time';
import { monthStatus, type StatusOptions } from './status';

/**
 * The auditor's packet (electron/engine/close/packet, its own engineer's): the close stores the
 * packet of the month as closed, a re-open marks it superseded. Taken as a parameter so the close
 * works, and is tested, with whatever prints packets in this build.
 */
export interface MonthPackets {
  storePacketAtClose(args: {
    month: string;
    payeeId: number;
    closedBy: string;
    closedAt: string;
  }): Promise<{ sha256: string }>;
  supersedePackets(args: { month: string; payeeId: number; reason: string; by: string }): Promise<void>;
}

export interface MonthDeps extends StatusOptions {
  reader: ReadableDB;
  writer: WritableDB;
  /** null: no packet printer in this build; the close records no packet. */
  packets: MonthPackets | null;
  /** ISO-8601 UTC. */
  at: string;
  /** Settings.requireSeparateApprover. */
  separateApprover: boolean;
  /** The district's name a close records for its packet (Settings.districtName, or DISTRICT_NAME_UNSET). */
  districtName: string;
  log?(message: string): void;
}

export interface MonthArgs {
  month: string;
  payeeId: number;
}

export type CloseResult = MonthCloseResult;

const schoolWords = (s: MonthStatus) => (s.payeeName ? `${s.payeeName} (school ${s.payeeId})` : `school ${s.payeeId}`);

/**
 * A month is closed once it has ended: then whatever the sync sees later (a refund, a return) is seen,
 * dated and posted in a later month that is still open (reconcile/reversals dates a reversal by the
 * Central day it was first seen), and a closed month's record never moves.
 */
function refuseUnended(status: MonthStatus, today: string, verb: string): void {
  const firstOpenDay = firstDayOf(nextMonthOf(status.month));
  if (today >= firstOpenDay) return;
  throw new ContractError(
    'CONFLICT',
    `Cannot ${verb} ${status.month} of ${schoolWords(status)}: the month has not ended (today is ${formatUsDate(today)} Central). ${verb === 'close' ? 'Close' : 'Submit'} it from ${formatUsDate(firstOpenDay)}.`,
  );
}

/** One line per open item: what is open, how many, the first few named. */
function refuseOpenItems(status: MonthStatus, verb: string, checklist: ChecklistItem[] = status.checklist): void {
  const open = checklist.filter((i) => !i.met);
  if (open.length === 0) return;
  const lines = open.map(
    (i) =>
      `- ${i.title}: ${i.open} open (${i.firstOpen.map((t) => t.label).join('; ')}${i.open > i.firstOpen.length ? '; …' : ''})`,
  );
  throw new ContractError(
    'CONFLICT',
    [
      `Cannot ${verb} ${status.month} of ${schoolWords(status)}: ${open.length} checklist item${open.length === 1 ? ' is' : 's are'} open.`,
      ...lines,
    ].join('\n'),
  );
}

/**
 * The checklist again inside the move's own transaction: a sign-off undone (or a deposit arriving)
 * between the read above and the close cannot slip past it.
 */
function refuseOpenNow(status: MonthStatus, verb: string, facts: MonthFacts | null): void {
  if (facts) refuseOpenItems(status, verb, checklistOf(facts, status.payeeId, status.month));
}

export async function submitMonth(deps: MonthDeps, args: MonthArgs, by: string): Promise<MonthStatus> {
  const status = await monthStatus(deps.reader, args.month, args.payeeId, deps);
  refuseUnended(status, deps.today, 'submit');
  refuseOpenItems(status, 'submit');
  await moveMonth(
    deps.writer,
    args.payeeId,
    args.month,
    (row, facts) => {
      if (row?.state === 'closed')
        throw new ContractError(
          'CONFLICT',
          `${args.month} of ${schoolWords(status)} is already closed (by ${row.closed_by} at ${row.closed_at}).`,
        );
      if (row?.state === 'submitted')
        throw new ContractError(
          'CONFLICT',
          `${args.month} of ${schoolWords(status)} is already submitted (by ${row.submitted_by} at ${row.submitted_at}); an approver closes it.`,
        );
      refuseOpenNow(status, 'submit', facts);
      return { state: 'submitted', actor: by, at: deps.at, event: 'submitted', detail: null };
    },
    monthScope(args.month, args.payeeId),
  );
  return monthStatus(deps.reader, args.month, args.payeeId, deps);
}

export async function closeMonth(deps: MonthDeps, args: MonthArgs, by: string): Promise<CloseResult> {
  const before = await monthStatus(deps.reader, args.month, args.payeeId, deps);
  refuseUnended(before, deps.today, 'close');
  refuseOpenItems(before, 'close');
  await moveMonth(
    deps.writer,
    args.payeeId,
    args.month,
    (row, facts) => {
      if (row?.state === 'closed')
        throw new ContractError(
          'CONFLICT',
          `${args.month} of ${schoolWords(before)} is already closed (by ${row.closed_by} at ${row.closed_at}).`,
        );
      const submittedBy = row?.state === 'submitted' ? row.submitted_by : null;
      if (deps.separateApprover) {
        if (!submittedBy)
          throw new ContractError(
            'CONFLICT',
            `${args.month} of ${schoolWords(before)} has not been submitted. This district requires a preparer to submit the month before an approver closes it.`,
          );
        if (submittedBy === by)
          throw new ContractError(
            'FORBIDDEN',
            `${args.month} of ${schoolWords(before)} was submitted by ${by}; a different approver must close it.`,
          );
      }
      refuseOpenNow(before, 'close', facts);
      const selfApproved = submittedBy === null || submittedBy === by;
      return {
        state: 'closed',
        actor: by,
        at: deps.at,
        event: 'closed',
        detail: selfApproved ? 'self-approved' : null,
        selfApproved,
        districtName: deps.districtName,
      };
    },
    monthScope(args.month, args.payeeId),
  );
  const closed = await monthStatus(deps.reader, args.month, args.payeeId, deps);
  let packetSha256: string | null = null;
  let packetError: string | null = null;
  if (deps.packets) {
    // The packet is printed after the close commits (no files inside a transaction); the month stays
    // closed if printing fails, and the packet can be printed again from the store.
    try {
      packetSha256 = (
        await deps.packets.storePacketAtClose({
          month: args.month,
          payeeId: args.payeeId,
          closedBy: by,
          closedAt: deps.at,
        })
      ).sha256;
    } catch (error) {
      packetError = error instanceof Error ? error.message : String(error);
      deps.log?.(`month ${args.month} of school ${args.payeeId} closed; its packet was not stored: ${packetError}`);
    }
  } else {
    packetError = 'no packet printer in this build';
  }
  return { ...closed, packetSha256, packetError };
}

export async function reopenMonth(
  deps: MonthDeps,
  args: MonthArgs & { reason: string },
  by: string,
): Promise<MonthStatus> {
  const reason = args.reason.trim();
  if (!reason) throw new ContractError('BAD_ARGUMENTS', 'Say why the month is re-opened (--reason).');
  const before = await monthStatus(deps.reader, args.month, args.payeeId, deps);
  await moveMonth(deps.writer, args.payeeId, args.month, (row) => {
    if (row?.state !== 'closed')
      throw new ContractError(
        'CONFLICT',
        `${args.month} of ${schoolWords(before)} is not closed, so there is nothing to re-open.`,
      );
    return { state: 'open', actor: by, at: deps.at, event: 'reopened', detail: reason };
  });
  await deps.packets?.supersedePackets({ month: args.month, payeeId: args.payeeId, reason, by });
  return monthStatus(deps.reader, args.month, args.payeeId, deps);
}
