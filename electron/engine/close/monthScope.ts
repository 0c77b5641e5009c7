/** A month ('YYYY-MM') as the store reads it: its Central days and the instants they span. */
import { addDays, businessDayBounds, toIsoUtc, Temporal } from '../../../shared/time';
import type { MonthScope } from '../store/months';

/** Past month end, calendar days a bank line may still pay one of the month's deposits (five business days and a weekend). */
const BANK_DAYS_PAST_MONTH_END = 9;

export function firstDayOf(month: string): string {
  return `${month}-01`;
}

export function nextMonthOf(month: string): string {
  return Temporal.PlainYearMonth.from(month).add({ months: 1 }).toString();
}

export function previousMonthOf(month: string): string {
  return Temporal.PlainYearMonth.from(month).subtract({ months: 1 }).toString();
}

export function lastDayOf(month: string): string {
  return addDays(firstDayOf(nextMonthOf(month)), -1);
}

export function monthScope(month: string, payeeId: number | null): MonthScope {
  const nextFirstDay = firstDayOf(nextMonthOf(month));
  return {
    firstDay: firstDayOf(month),
    nextFirstDay,
    seenFrom: toIsoUtc(businessDayBounds(firstDayOf(month)).start),
    seenBefore: toIsoUtc(businessDayBounds(nextFirstDay).start),
    payeeId,
    lastBankDate: addDays(lastDayOf(month), BANK_DAYS_PAST_MONTH_END),
  };
}

/** The day of the next month by which the month should be closed. */
export function deadlineOf(month: string, deadlineDay: number): string {
  return `${nextMonthOf(month)}-${String(deadlineDay).padStart(2, '0')}`;
}
