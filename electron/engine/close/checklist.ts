/**
 * The month's checklist per school (DESIGN.md §13), computed from the store's facts and never ticked
 * by hand. Each unmet item says what is open (how many, the first few named) and where each is fixed.
 * Pure: the facts are read by store/months, the state and the trail are given.
 */
import type {
  ChecklistItem,
  ChecklistItemId,
  FixLink,
  MonthException,
  MonthFigures,
  OpenThing,
} from '../../../shared/contract/month';
import { formatMoney } from '../../../shared/money';
import { addDays, formatUsDate } from '../../../shared/time';
import { methodLabel } from '../../../shared/vocabulary';
import type { DepositFact, LooseLineFact, MonthFacts, ReopenedAfterCloseFact } from '../store/months';
import { lastDayOf } from './monthScope';

/** How many open things an item names; the count says the rest. */
export const FIRST_OPEN = 5;

/**
 * Calendar days before month end within which a deposit with no bank line yet is in transit: the
 * processor posts one to five business days after the batch date (DESIGN.md §10), a weekend between.
 */
const IN_TRANSIT_DAYS = 7;

export const ITEM_TITLES: Record<ChecklistItemId, string> = {
  deposits_signed_off: 'Every deposit signed off (one that differs, with its difference explained)',
  deposits_in_bank: 'Every deposit matched to a bank line or in transit at month end',
  suggestions_decided: "Every suggested bank line of the school's deposits decided",
  reversals_posted: "The month's refunds, returns and voids posted",
  revenue_on_accounts: 'Revenue on a Chart of Accounts account',
  deposits_posted_once: 'Every deposit posted to the ledger once',
  no_unknown_writes: 'No refund, void or collection in doubt',
  district_lines_decided: 'Bank lines that belong to no school matched or explained',
};

function item(id: ChecklistItemId, open: OpenThing[]): ChecklistItem {
  return {
    item: id,
    title: ITEM_TITLES[id],
    met: open.length === 0,
    open: open.length,
    firstOpen: open.slice(0, FIRST_OPEN),
  };
}

const link = (view: FixLink['view'], itemId: string | number | null = null): FixLink => ({
  view,
  itemId: itemId === null ? null : String(itemId),
});

const depositWords = (d: DepositFact) =>
  `Deposit ${d.id} of ${formatUsDate(d.date)} (${methodLabel(d.paymentMethod)}, ${formatMoney(d.totalCents)})`;

/** No bank line yet, but the month ended before the bank could have credited it. */
export function inTransitAtMonthEnd(deposit: DepositFact, month: string): boolean {
  const lastDay = lastDayOf(month);
  if (deposit.matchedLineId !== null) return deposit.matchedLineDate !== null && deposit.matchedLineDate > lastDay;
  return !deposit.explained && deposit.date > addDays(lastDay, -IN_TRANSIT_DAYS);
}

function signedOff(deposit: DepositFact): boolean {
  if (deposit.reviewAction !== 'sign_off') return false;
  return deposit.verdict === 'ties_out' || (deposit.reviewNote ?? '').trim() !== '';
}

/** The checklist of one school's month from the facts of the month (of that school or of all). */
export function checklistOf(facts: MonthFacts, payeeId: number, month: string): ChecklistItem[] {
  const deposits = facts.deposits.filter((d) => d.payeeId === payeeId);
  const depositIds = new Set(deposits.map((d) => d.id));
  return [
    item(
      'deposits_signed_off',
      deposits
        .filter((d) => !signedOff(d))
        .map((d) => ({
          label: `${depositWords(d)}: ${d.reviewAction === 'sign_off' ? 'differs, its difference not explained' : d.reviewAction === 'reopen' ? 're-opened, not signed off again' : 'not signed off'}`,
          link: link('batches', d.id),
        })),
    ),
    item(
      'deposits_in_bank',
      deposits
        .filter((d) => d.matchedLineId === null && !d.explained && !inTransitAtMonthEnd(d, month))
        .map((d) => ({ label: `${depositWords(d)}: no bank line matched or explained`, link: link('batches', d.id) })),
    ),
    item(
      'suggestions_decided',
      facts.suggestedLines
        .filter((line) => line.batchIds.some((id) => depositIds.has(id)))
        .map((line) => ({
          label: `Bank line of ${formatUsDate(line.postedDate)} (${formatMoney(line.amountCents)}): suggested, not decided`,
          link: link('bank', line.lineId),
        })),
    ),
    item(
      'reversals_posted',
      facts.reversals
        .filter((r) => r.payeeId === payeeId && !r.posted)
        .map((r) => ({
          label: `${reversalWords(r.kind)} of transaction ${r.transactionId}: not posted to the ledger`,
          link: link('transactions', r.transactionId),
        })),
    ),
    item(
      'revenue_on_accounts',
      facts.unassignedRevenue
        .filter((r) => r.payeeId === payeeId)
        .map((r) => ({
          label: `${formatMoney(r.amountCents)} of deposit ${r.batchId}: ${r.glNumber === null ? 'on no account' : `account ${r.glNumber} is not in the Chart of Accounts`}`,
          link: link('chart-of-accounts'),
        })),
    ),
    item(
      'deposits_posted_once',
      deposits
        .filter((d) => d.postings !== 1)
        .map((d) => ({
          label: `${depositWords(d)}: ${d.postings === 0 ? 'not posted to the ledger' : `posted ${d.postings} times`}`,
          link: link('gl-batches', d.id),
        })),
    ),
    item(
      'no_unknown_writes',
      facts.unknownIntents
        .filter((i) => i.payeeId === payeeId)
        .map((i) => ({
          label: `${i.kind[0]!.toUpperCase()}${i.kind.slice(1)} ${i.id}${i.transactionId === null ? '' : ` of transaction ${i.transactionId}`}: in doubt, a person decides`,
          link: i.transactionId === null ? link('changes') : link('transactions', i.transactionId),
        })),
    ),
  ];
}

function reversalWords(kind: string): string {
  if (kind === 'refunded') return 'Refund';
  if (kind === 'returned') return 'ACH return';
  if (kind === 'voided_after_settlement') return 'Void after settlement';
  return 'Reversal';
}

export function figuresOf(facts: MonthFacts, payeeId: number, month: string): MonthFigures {
  const deposits = facts.deposits.filter((d) => d.payeeId === payeeId);
  const inTransit = deposits.filter((d) => inTransitAtMonthEnd(d, month));
  const matched = deposits.filter((d) => d.matchedLineId !== null);
  const sum = (list: DepositFact[]) => list.reduce((total, d) => total + d.totalCents, 0);
  const accounted = deposits.filter((d) => d.matchedLineId !== null || d.explained || inTransitAtMonthEnd(d, month));
  return {
    deposits: deposits.length,
    signedOff: deposits.filter(signedOff).length,
    bankMatched: matched.length,
    inTransit: inTransit.length,
    depositCents: sum(deposits),
    bankMatchedCents: sum(matched),
    inTransitCents: sum(inTransit.filter((d) => d.matchedLineId === null)),
    differenceCents: sum(deposits) - sum(accounted),
    pendingApprovals:
      deposits.filter((d) => d.prepared && d.reviewAction !== 'sign_off').length +
      facts.awaitingApproval.filter((a) => a.payeeId === payeeId).length,
  };
}

/**
 * Signed-off deposits of a closed month whose own facts changed after the close: exceptions on the
 * checklist of the first month after it that is not closed (`closedMonths` of the school).
 */
export function exceptionsFor(
  reopened: readonly ReopenedAfterCloseFact[],
  closedMonths: ReadonlySet<string>,
  month: string,
  nextMonth: (month: string) => string,
): MonthException[] {
  return reopened
    .filter((r) => {
      let next = nextMonth(r.closedMonth);
      while (closedMonths.has(next) && next < month) next = nextMonth(next);
      return next === month;
    })
    .map((r) => ({
      batchId: r.batchId,
      closedMonth: r.closedMonth,
      seenAt: r.at,
      detail: `Deposit ${r.batchId} of closed ${r.closedMonth} changed after the close${r.note ? `: ${r.note}` : ''}`,
      link: link('batches', r.batchId),
    }));
}

/** The district's item: bank lines of the month that belong to no school, matched or explained. */
export function districtItem(lines: readonly LooseLineFact[]): ChecklistItem {
  const open = lines.map((line) => ({
    label: `Bank line of ${formatUsDate(line.postedDate)} (${formatMoney(line.amountCents)}${line.text ? `, ${line.text}` : ''}): neither matched nor explained`,
    link: link('bank', line.lineId),
  }));
  return item('district_lines_decided', open);
}
