/**
 * The writer reads the next day's pages while it writes a day (issue 31). Read one after the other,
 * the fetcher (allowed only a few pages ahead of what the writer took) and the writer took turns,
 * and a full sync took about the sum of fetching and writing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionDayPage } from '../../../electron/engine/sync/dayWalks';
import { Feed } from '../../../electron/engine/sync/feed';
import { threadPageSource, type PageSource } from '../../../electron/engine/sync/pageSource';
import { startDirectRun, type DirectRun } from './directRun';

let direct: DirectRun | null = null;

afterEach(async () => {
  await direct?.close();
  direct = null;
});

/** What the writer held of each earlier day when it took a day's first page. */
interface FirstTake {
  day: string;
  /** Pages of the day before still packed (not yet written) at that moment. */
  previousDayUnwritten: number;
  previousDayPages: number;
}

/**
 * `pages`, its transactions walk fetched whole first, then handed over from a feed that has every
 * page at hand: what the writer takes, and when, is then its own doing, not the network's.
 */
function everyPageAtHand(pages: PageSource, firstTakes: FirstTake[], handed: TransactionDayPage[]): PageSource {
  return {
    ...pages,
    transactionDays: async (...args) => {
      const walk = await pages.transactionDays(...args);
      const items: TransactionDayPage[] = [];
      for (let item = await walk.next(); item; item = await walk.next()) items.push(item);
      let taken = 0;
      const feed = new Feed<TransactionDayPage>({
        // Called as the item leaves the feed, before anything after the take runs.
        onTake: () => {
          const item = items[taken++]!;
          const before = items[taken - 2];
          if (!before || before.item === item.item) return;
          const previous = items.filter((page) => page.item === before.item);
          firstTakes.push({
            day: item.item,
            previousDayUnwritten: previous.filter((page) => page.value.packed.byteLength > 0).length,
            previousDayPages: previous.length,
          });
        },
      });
      handed.push(...items);
      for (const item of items) feed.push(item);
      feed.end();
      return feed;
    },
  };
}

describe('a sync writing a day', () => {
  it("takes the next day's pages before writing the day, and writes every day whole", async () => {
    direct = await startDirectRun();
    const firstTakes: FirstTake[] = [];
    const handed: TransactionDayPage[] = [];
    const outcome = await direct.run(everyPageAtHand(threadPageSource(direct.client), firstTakes, handed), 12);

    expect(outcome.cancelled).toBe(false);
    expect(firstTakes.length).toBeGreaterThan(5);
    // Read in turn, a day's pages were all written (unpacked) before the next day's first was taken.
    for (const take of firstTakes) expect(take.previousDayUnwritten, take.day).toBe(take.previousDayPages);
    // Every page written: unpacked, and its rows in the store (the deposits phase may add a deposit's
    // transactions the day windows did not list).
    expect(handed.filter((page) => page.value.packed.byteLength > 0)).toEqual([]);
    const rows = handed.reduce((sum, page) => sum + page.value.rows, 0);
    expect(rows).toBeGreaterThan(100);
    expect(outcome.counts.transactionsInserted).toBeGreaterThanOrEqual(rows);
  });
});
