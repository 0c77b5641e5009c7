/**
 * The writer frees each transactions page's bytes as it unpacks it (issue 31): a day's pages wait
 * for its last one, and the buffers of written pages used to stay in memory, outside the heap,
 * until a full collection of the writer's heap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PackedTransactionPage } from '../../../electron/engine/sync/packedPages';
import { pageSource, type PageSource } from '../../../electron/engine/sync/pageSource';
import { startDirectRun, type DirectRun } from './directRun';

let direct: DirectRun | null = null;
let source: PageSource | null = null;

afterEach(async () => {
  await source?.close();
  await direct?.close();
  source = direct = null;
});

/** `source`, recording every transactions page its feeds hand to the writer. */
function recording(pages: PageSource, seen: PackedTransactionPage[]): PageSource {
  return {
    ...pages,
    transactionDays: async (...args) => {
      const feed = await pages.transactionDays(...args);
      const next = feed.next.bind(feed);
      feed.next = async () => {
        const item = await next();
        if (item) seen.push(item.value);
        return item;
      };
      return feed;
    },
    glDays: (...args) => pages.glDays(...args),
    transactionDetails: (...args) => pages.transactionDetails(...args),
    where: () => pages.where(),
    heapLimits: () => pages.heapLimits(),
    close: () => pages.close(),
  };
}

describe('the transactions pages a sync writes', () => {
  it('are released as they are written: each page the worker handed over holds no bytes after the run', async () => {
    direct = await startDirectRun();
    source = pageSource(direct.client);
    expect(await source.where()).toBe('worker');
    const seen: PackedTransactionPage[] = [];
    const outcome = await direct.run(recording(source, seen), 30);

    const rows = seen.reduce((sum, page) => sum + page.rows, 0);
    expect(seen.length).toBeGreaterThan(5);
    expect(rows).toBeGreaterThan(100);
    // The deposits phase may add a deposit's transactions the day windows did not list.
    expect(outcome.counts.transactionsInserted).toBeGreaterThanOrEqual(rows);
    // Written, and no longer held: each page's buffer was handed away (detached) when it was unpacked.
    expect(seen.filter((page) => page.packed.byteLength > 0)).toEqual([]);
    expect(seen.every((page) => page.packed.buffer.byteLength === 0)).toBe(true);
  });
});
