/** Day windows in Central time, as the service's exclusive `after`/`before` date-times. */
import { addDays, businessDayBounds, formatServiceDateTime, type BusinessDate } from '../../../shared/time';

export interface DayWindow {
  date: BusinessDate;
  /** The last second before the day: the service reads `after` as strictly after. */
  after: string;
  /** The first second of the next day, exclusive. */
  before: string;
}

export function dayWindow(date: BusinessDate): DayWindow {
  const { start, end } = businessDayBounds(date);
  return { date, after: formatServiceDateTime(start.subtract({ seconds: 1 })), before: formatServiceDateTime(end) };
}

/** The day before, in the service's date format, for "after this date" parameters. */
export function dayBefore(date: BusinessDate): BusinessDate {
  return addDays(date, -1);
}
