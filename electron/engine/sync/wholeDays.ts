/**
 * A transactions walk's pages gathered a day at a time. A day is read whole before any of it is
 * written: a day that passes a bound (a service answering full pages forever) fails the run with
 * nothing of that day in the store.
 */
import type { BusinessDate } from '../../../shared/time';
import type { TransactionDayPage } from './dayWalks';
import type { Feed } from './feed';
import { DayTally, type SyncLimits } from './limits';
import type { PackedTransactionPage } from './packedPages';

export interface WholeDay {
  day: BusinessDate;
  pages: PackedTransactionPage[];
}

/**
 * The feed's next day, whole, each page counted (`count`: against the day's tally and whatever else
 * the caller bounds) and `checkCancel` asked after each; null when the walk has ended.
 */
export async function nextWholeDay(
  feed: Feed<TransactionDayPage>,
  limits: SyncLimits,
  count: (tally: DayTally, page: PackedTransactionPage) => PackedTransactionPage,
  checkCancel: () => void,
): Promise<WholeDay | null> {
  const first = await feed.next();
  if (!first) return null;
  const day = first.item;
  const tally = new DayTally(limits, 'GET /txns', day);
  const pages = [count(tally, first.value)];
  while (!pages.at(-1)!.last) {
    const next = await feed.next();
    if (!next || next.item !== day) throw new Error(`GET /txns: the pages of ${day} ended early`);
    pages.push(count(tally, next.value));
    checkCancel();
  }
  return { day, pages };
}
