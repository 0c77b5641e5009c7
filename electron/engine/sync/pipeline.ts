/**
 * Runs several independent page walks ahead of their consumer, and yields their pages strictly in
 * order: walk i's pages, then walk i+1's. The consumer (which writes pages and commits cursors)
 * stays sequential, so resuming is unchanged; meanwhile up to `concurrency` walks fetch and parse,
 * each into its own bounded Feed of at most `buffer` pages (the sync's one queue, feed.ts). An error
 * surfaces when the consumer reaches it.
 */
import { feedFrom, type Feed } from './feed';

export async function* inOrder<T, R>(
  items: readonly T[],
  walk: (item: T) => AsyncIterable<R>,
  { concurrency = 3, buffer = 4 }: { concurrency?: number; buffer?: number } = {},
): AsyncGenerator<{ item: T; value: R }> {
  // A walk's feed is let go once its pages are taken: a finished walk still holds what it was given
  // (a nightly's day of stored digests), and all of a run's days held so grew the fetch worker's heap
  // through the refresh window (issue 31).
  const feeds: Array<Feed<R> | undefined> = [];
  const start = (index: number) => {
    feeds[index] = feedFrom(walk(items[index]!), buffer);
  };
  try {
    for (let i = 0; i < Math.min(concurrency, items.length); i++) start(i);
    for (let i = 0; i < items.length; i++) {
      const feed = feeds[i]!;
      for (let value = await feed.next(); value !== undefined; value = await feed.next()) {
        yield { item: items[i]!, value };
      }
      feeds[i] = undefined;
      if (i + concurrency < items.length) start(i + concurrency);
    }
  } finally {
    // Stopped early (cancel, error): the walks still running wind down.
    for (const feed of feeds) feed?.stop();
  }
}
