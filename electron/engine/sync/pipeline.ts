/**
 * Runs several independent page walks ahead of their consumer, and yields their pages strictly in
 * order: walk i's pages, then walk i+1's. The consumer (which writes pages and commits cursors)
 * stays sequential, so resuming is unchanged; meanwhile up to `concurrency` walks fetch and parse,
 * each holding at most `buffer` pages. An error surfaces when the consumer reaches it.
 */
interface Walk<R> {
  pages: R[];
  done: boolean;
  error: unknown;
  /** Wakes the consumer when a page arrives or the walk ends. */
  notify: (() => void) | null;
  /** Wakes the producer when the consumer took a page. */
  resume: (() => void) | null;
  stopped: boolean;
}

export async function* inOrder<T, R>(
  items: readonly T[],
  walk: (item: T) => AsyncIterable<R>,
  { concurrency = 3, buffer = 4 }: { concurrency?: number; buffer?: number } = {},
): AsyncGenerator<{ item: T; value: R }> {
  const walks: Array<Walk<R>> = [];
  const start = (index: number) => {
    const state: Walk<R> = { pages: [], done: false, error: null, notify: null, resume: null, stopped: false };
    walks[index] = state;
    const wake = () => {
      const notify = state.notify;
      state.notify = null;
      notify?.();
    };
    void (async () => {
      try {
        for await (const page of walk(items[index]!)) {
          if (state.stopped) return;
          state.pages.push(page);
          wake();
          while (state.pages.length >= buffer && !state.stopped)
            await new Promise<void>((resolve) => (state.resume = resolve));
        }
      } catch (error) {
        state.error = error;
      } finally {
        state.done = true;
        wake();
      }
    })();
  };
  try {
    for (let i = 0; i < Math.min(concurrency, items.length); i++) start(i);
    for (let i = 0; i < items.length; i++) {
      const state = walks[i]!;
      for (;;) {
        if (state.pages.length) {
          const value = state.pages.shift()!;
          const resume = state.resume;
          state.resume = null;
          resume?.();
          yield { item: items[i]!, value };
          continue;
        }
        if (state.done) break;
        await new Promise<void>((resolve) => (state.notify = resolve));
      }
      if (state.error) throw state.error;
      if (i + concurrency < items.length) start(i + concurrency);
    }
  } finally {
    // Stopped early (cancel, error): let the walks still running wind down.
    for (const state of walks) {
      if (!state) continue;
      state.stopped = true;
      state.resume?.();
    }
  }
}
