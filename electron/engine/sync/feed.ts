/**
 * The queue between whatever fetches pages (a worker thread, or walks on this thread) and the
 * writer. The writer awaits the next item, and may also take the items already here without
 * waiting, so pages fetched ahead can share one transaction. Items that arrived before a failure
 * are handed out first: the pages before a bad one are written, as they would be one by one.
 */
import { AheadBound } from './aheadBound';
export interface FeedHooks {
  /** An item was taken: the producer may fetch one more. */
  onTake?: () => void;
  /** The consumer gave up early (cancel, error): the producer should stop. */
  onStop?: () => void;
}

export class Feed<T> {
  private readonly items: T[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly hooks: FeedHooks = {}) {}

  get size(): number {
    return this.items.length;
  }

  get closed(): boolean {
    return this.ended || this.failure !== null || this.stopped;
  }

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.notify();
  }

  end(): void {
    if (this.closed) return;
    this.ended = true;
    this.notify();
  }

  fail(error: unknown): void {
    if (this.closed) return;
    this.failure = { error };
    this.notify();
  }

  /** The next item if it is already here. */
  peek(): T | undefined {
    return this.items[0];
  }

  /** Takes the next item if it is already here; never waits, never throws. */
  poll(): T | undefined {
    if (!this.items.length) return undefined;
    const item = this.items.shift()!;
    this.hooks.onTake?.();
    return item;
  }

  /** The next item, waiting for it; undefined at the end; the producer's error once drained. */
  async next(): Promise<T | undefined> {
    for (;;) {
      if (this.items.length) return this.poll();
      if (this.failure) throw this.failure.error;
      if (this.ended || this.stopped) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The consumer is done with this feed, finished or not. */
  stop(): void {
    if (this.stopped) return;
    const early = !this.ended && !this.failure;
    this.stopped = true;
    this.items.length = 0;
    this.notify();
    if (early) this.hooks.onStop?.();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * Drains an async iterable into a feed, holding at most `buffer` items not yet taken, or what an
 * AheadBound admits (items and their bytes, `sizeOf` each).
 */
export function feedFrom<T>(
  source: AsyncIterable<T>,
  buffer: number | AheadBound,
  sizeOf: (item: T) => number = () => 0,
): Feed<T> {
  const ahead = typeof buffer === 'number' ? new AheadBound(buffer, Infinity) : buffer;
  const iterator = source[Symbol.asyncIterator]();
  let resume: (() => void) | null = null;
  let stopped = false;
  const wakeProducer = () => {
    const r = resume;
    resume = null;
    r?.();
  };
  const feed = new Feed<T>({
    onTake: () => {
      ahead.taken();
      wakeProducer();
    },
    onStop: () => {
      stopped = true;
      wakeProducer();
    },
  });
  void (async () => {
    try {
      const held = () => new Promise<void>((resolve) => (resume = resolve));
      for (;;) {
        // Not even fetched while as many items as allowed wait; then held until their bytes fit.
        while (ahead.heldItems >= ahead.maxItems && !stopped) await held();
        if (stopped) break;
        const step = await iterator.next();
        if (stopped || step.done) break;
        const size = sizeOf(step.value);
        while (!ahead.admits(size) && !stopped) await held();
        if (stopped) break;
        ahead.sent(size);
        feed.push(step.value);
      }
      feed.end();
    } catch (error) {
      feed.fail(error);
    } finally {
      if (stopped) await iterator.return?.(undefined);
    }
  })();
  return feed;
}
