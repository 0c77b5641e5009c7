/**
 * The day-by-day page walks of a pass, fetched ahead in order (see pipeline.ts). The same code runs
 * on the fetch worker and, as a fallback, on the main thread.
 */
import type { GlBatch } from '../../../shared/domain';
import type { BusinessDate } from '../../../shared/time';
import type { ServiceClient } from '../api/client';
import type { KeysetPage, KeysetPosition } from '../api/paging';
import type { Parsed, ParsedTransaction } from '../api/wire';
import { inOrder } from './pipeline';
import { dayBefore, dayWindow } from './windows';

export interface DayItem<T> {
  item: BusinessDate;
  value: T;
}

export type TransactionDayPage = DayItem<KeysetPage<ParsedTransaction>>;
export type GlDayRows = DayItem<Array<Parsed<GlBatch>>>;

/** Transactions pages of each day; the first day starts at `start` (a resumed pass). */
export function transactionDayPages(
  client: ServiceClient,
  days: readonly BusinessDate[],
  start: KeysetPosition | null,
): AsyncGenerator<TransactionDayPage> {
  return inOrder(days, (day) => {
    const window = dayWindow(day);
    return client.transactionPages({ after: window.after, before: window.before }, day === days[0] ? start : null);
  });
}

/**
 * Each day's GL-batch rows, gathered whole (a day's rows are replaced all at once; a few hundred
 * rows), the next days fetched meanwhile.
 */
export function glDayRows(client: ServiceClient, days: readonly BusinessDate[]): AsyncGenerator<GlDayRows> {
  return inOrder(days, (day) => glDay(client, day), { concurrency: 4, buffer: 1 });
}

async function* glDay(client: ServiceClient, day: BusinessDate): AsyncGenerator<Array<Parsed<GlBatch>>> {
  const rows: Array<Parsed<GlBatch>> = [];
  for await (const page of client.glBatchPages({ startDate: dayBefore(day), endDate: day })) rows.push(...page.objects);
  yield rows.filter((row) => row.value.date === day);
}
