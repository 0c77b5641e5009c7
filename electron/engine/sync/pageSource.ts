/**
 * Where a pass's day walks come from. Fetching, JSON parsing and validation run on a worker thread
 * when one can start, so the main thread only writes and the two overlap; otherwise (a host that
 * injected its own fetch, a missing worker file) the same walks run on this thread.
 *
 * The worker is found next to this module: from the TypeScript sources through a small tsx
 * bootstrap, in the built app as the bundle's `syncFetchWorker.js` entry (electron.vite.config.ts).
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { BusinessDate } from '../../../shared/time';
import type { ServiceClient } from '../api/client';
import type { KeysetPosition } from '../api/paging';
import type { GlDayDigests } from '../store/glBatches';
import { workerEntry } from '../workerEntry';
import { AheadBound, AHEAD_BYTES, heldBytesOf } from './aheadBound';
import { glDayRows, transactionDayPages, type GlDayRows, type KnownByDay, type TransactionDayPage } from './dayWalks';
import { transactionDetailChunks, type DetailsChunk } from './detailWalks';
import { Feed, feedFrom } from './feed';
import { DEFAULT_SYNC_LIMITS, type SyncLimits } from './limits';
import {
  errorFromWire,
  errorToWire,
  type FromWorker,
  type ToWorker,
  type WalkRequest,
  type WorkerSetup,
  workerSetup,
} from './workerProtocol';

export interface PageSource {
  /** `known`: what the store holds of the days (see transactionDayPages). */
  transactionDays(
    days: BusinessDate[],
    start: KeysetPosition | null,
    known?: KnownByDay,
  ): Promise<Feed<TransactionDayPage>>;
  /** `known`: the digests of the days' stored GL lines (glDayRows). */
  glDays(days: BusinessDate[], limits?: SyncLimits, known?: GlDayDigests): Promise<Feed<GlDayRows>>;
  /** The details phase: each transaction's payer and GL account (detailWalks.ts). */
  transactionDetails(ids: number[], inFlight: number): Promise<Feed<DetailsChunk>>;
  /** Where the walks run: 'worker' once the worker is up, 'thread' for the fallback. */
  where(): Promise<'worker' | 'thread'>;
  /** The heap limits the walks run under (the worker's), or null on this thread. */
  heapLimits(): ResourceLimits | null;
  close(): Promise<void>;
}

/** Items (pages, GL days) fetched ahead of the writer, the worker's or this thread's walks; and their bytes. */
const AHEAD = 24;
/** Details chunks fetched ahead: one being written while the next is fetched. */
const DETAILS_AHEAD = 1;

/**
 * The fetch worker's heap. Its young generation is where each page's response text and parsed
 * objects are made and die. It was capped at 8 MB (issue 31, for memory), but the sync's fetcher
 * then cost a third more CPU than the same fetch and parse on the main thread (BENCH_SCALE=0.3,
 * bench sync's (a) and (a'), loaded machine: this process 28.4-29.7 CPU-s against 21.4-23.2): with
 * three days' pages in the making at once, a 2.7 MB semi-space collected them while alive, so
 * ~1,600 scavenges (the main thread's parse: ~500) copied and promoted them, and 164 full
 * collections (43) marked them again, mostly on V8's helper threads. At V8's own default (48 MB,
 * what an uncapped worker gets here) the fetcher costs what the main thread's parse costs
 * (20.3 against 19.8 CPU-s); 32 and 24 MB gave back half or less (23.1 against 17.9, 28.6 against
 * 21.0). Its price is memory: up to two 16 MB semi-spaces instead of two of 2.7 MB; one full sync at
 * BENCH_SCALE=0.3 peaked at 303 MB against 219 and 275 MB before (runs on a loaded machine, whose
 * peaks vary by tens of MB).
 *
 * The old generation's limit is not there to be reached: V8 lets an old generation grow to up to 4x
 * what its last full collection kept when the limit is 2 GB or more (a worker's default here), and
 * ~1.6x at 1 GB (heap-controller.h: the growing factor shrinks with the limit). The worker keeps
 * little alive (the pages in flight), so what it held at the sync's peak was mostly garbage of pages
 * already posted: 65-73 MB of heap at BENCH_SCALE=0.3, 35-37 MB with this limit. 1 GB stays far above
 * what a walk can hold (a day's GL rows, gathered whole, are bounded at 128 MB of JSON, limits.ts);
 * a worker out of memory would fail the run.
 */
export const FETCH_WORKER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 48, maxOldGenerationSizeMb: 1024 } as const;

export function threadPageSource(client: ServiceClient, aheadBytes: number = AHEAD_BYTES): PageSource {
  const ahead = () => new AheadBound(AHEAD, aheadBytes);
  return {
    transactionDays: async (days, start, known) =>
      feedFrom(transactionDayPages(client, days, start, known), ahead(), (page) => heldBytesOf(page.value)),
    glDays: async (days, limits = DEFAULT_SYNC_LIMITS, known) =>
      feedFrom(glDayRows(client, days, limits, known), ahead(), (day) => heldBytesOf(day.value)),
    transactionDetails: async (ids, inFlight) =>
      feedFrom(transactionDetailChunks(client, ids, inFlight), DETAILS_AHEAD),
    where: async () => 'thread',
    heapLimits: () => null,
    close: async () => {},
  };
}

/** The built bundle's worker entry, or the sources' bootstrap; null when neither is there. */
export function fetchWorkerEntry(here: string = import.meta.url): URL | null {
  return workerEntry(here, 'fetchWorkerBoot.mjs', 'syncFetchWorker.js');
}

/**
 * A page source on a worker thread (`background`: at a lower priority, see backgroundPriority.ts;
 * `aheadBytes`: what may wait for the writer, aheadBound.ts),
 * falling back to `client` on this thread if the worker cannot
 * start or the client carries things a worker cannot be given (an injected fetch or random).
 */
export function pageSource(
  client: ServiceClient,
  onWarning: (message: string) => void = () => {},
  { background = false, aheadBytes = AHEAD_BYTES }: { background?: boolean; aheadBytes?: number } = {},
): PageSource {
  const options = client.options;
  const entry = fetchWorkerEntry();
  if (options.fetch || options.random || !entry) return threadPageSource(client, aheadBytes);
  return new WorkerPageSource(
    entry,
    workerSetup(options, { items: AHEAD, bytes: aheadBytes }, background),
    client,
    onWarning,
  );
}

class WorkerPageSource implements PageSource {
  private readonly worker: Worker;
  private readonly ready: Promise<boolean>;
  private readonly fallback: PageSource;
  private feed: { walk: number; feed: Feed<never> } | null = null;
  private walks = 0;
  private dead: Error | null = null;

  constructor(
    entry: URL,
    setup: WorkerSetup,
    private readonly client: ServiceClient,
    private readonly onWarning: (message: string) => void,
  ) {
    this.fallback = threadPageSource(client);
    this.worker = new Worker(entry, { workerData: setup, resourceLimits: FETCH_WORKER_RESOURCE_LIMITS });
    let started!: (ok: boolean) => void;
    this.ready = new Promise<boolean>((resolve) => (started = resolve));
    this.worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') started(true);
      else this.receive(message);
    });
    const die = (error: Error) => {
      this.dead ??= error;
      started(false);
      this.feed?.feed.fail(error);
      this.feed = null;
    };
    this.worker.on('error', (error) => {
      this.onWarning(`the sync's fetch worker failed (${error.message}); fetching on the main thread`);
      die(error);
    });
    this.worker.on('exit', (code) => die(new Error(`the sync's fetch worker stopped (exit ${code})`)));
  }

  transactionDays(
    days: BusinessDate[],
    start: KeysetPosition | null,
    known: KnownByDay = new Map(),
  ): Promise<Feed<TransactionDayPage>> {
    return this.start({ type: 'walk', walk: 0, kind: 'transactions', days, start, known }, () =>
      this.fallback.transactionDays(days, start, known),
    );
  }

  glDays(
    days: BusinessDate[],
    limits: SyncLimits = DEFAULT_SYNC_LIMITS,
    known?: GlDayDigests,
  ): Promise<Feed<GlDayRows>> {
    return this.start({ type: 'walk', walk: 0, kind: 'gl', days, limits, known }, () =>
      this.fallback.glDays(days, limits, known),
    );
  }

  transactionDetails(ids: number[], inFlight: number): Promise<Feed<DetailsChunk>> {
    return this.start({ type: 'walk', walk: 0, kind: 'details', ids, inFlight }, () =>
      this.fallback.transactionDetails(ids, inFlight),
    );
  }

  async where(): Promise<'worker' | 'thread'> {
    return (await this.ready) && !this.dead ? 'worker' : 'thread';
  }

  heapLimits(): ResourceLimits | null {
    return this.dead ? null : (this.worker.resourceLimits ?? null);
  }

  async close(): Promise<void> {
    this.feed?.feed.stop();
    this.feed = null;
    if (!this.dead) {
      this.dead = new Error('closed');
      await this.worker.terminate();
    }
  }

  private async start<T>(request: WalkRequest, fallback: () => Promise<Feed<T>>): Promise<Feed<T>> {
    if (!(await this.ready) || this.dead) return fallback();
    this.feed?.feed.stop();
    const walk = ++this.walks;
    const send = (message: ToWorker) => {
      if (!this.dead) this.worker.postMessage(message);
    };
    const feed = new Feed<T>({
      onTake: () => send({ type: 'ack', walk }),
      onStop: () => send({ type: 'stop', walk }),
    });
    this.feed = { walk, feed: feed as Feed<never> };
    send({ ...request, walk });
    return feed;
  }

  private reply(message: ToWorker): void {
    if (!this.dead) this.worker.postMessage(message);
  }

  private receive(message: Exclude<FromWorker, { type: 'ready' }>): void {
    switch (message.type) {
      case 'retry':
        this.client.options.onRetry?.(message.info);
        return;
      case 'wait':
        void this.client.http.budget.wait(message.wait).then(
          () => this.reply({ type: 'waited', id: message.id }),
          (error: unknown) => this.reply({ type: 'waited', id: message.id, error: errorToWire(error) }),
        );
        return;
    }
    const current = this.feed;
    if (!current || current.walk !== message.walk) return;
    if (message.type === 'item') current.feed.push({ item: message.item, value: message.value } as never);
    else if (message.type === 'end') current.feed.end();
    else current.feed.fail(errorFromWire(message.error));
  }
}
