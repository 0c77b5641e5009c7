/**
 * The reads the read cache (readCache.ts) keeps, each under one key whoever asks: the Overview's
 * summary and a range of GL batches, and, only as built after a sync, GL Batches' default range and
 * Batches' first page. The handlers read through these, and prepareFirstViews builds them for the
 * views a bookkeeper opens first when a sync has changed the data, so the first `overview.get`,
 * `glBatches.list` and `batches.list` after a nightly find them built (issue 31: the first call
 * after a nightly took 0.7-1 s on PostgreSQL while it rebuilt them).
 */
import { methodSchemas } from '../../shared/contract';
import type { BatchFilter, GlBatchReport, GlDefaultRange, Page, PageRequest, Settings } from '../../shared/contract';
import type { BatchSummary } from '../../shared/domain';
import { todayCentral, type Clock } from '../../shared/time';
import { defaultGlRange } from './export/defaultRange';
import { glBatchReport } from './export/glReport';
import { changeGroups, listBatches, overviewSummary } from './reconcile';
import type { ChangeGroup } from '../../shared/domain';
import { countUnacknowledged } from './store/transactions';
import type { OverviewSummary } from './reconcile/overview';
import type { Logger } from './logger';
import type { ReadCache } from './readCache';
import type { Store } from './store/dialect';

type GlBatchArgs = Parameters<typeof glBatchReport>[1];

/** What a cached read uses: the read cache, the store's read handle, and today (the Overview's key). */
export interface CachedReadDeps {
  readCache: Pick<ReadCache, 'read' | 'readIfBuilt' | 'prepareNext'>;
  store: Pick<Store, 'reader'>;
  clock: Clock;
}

/** What building the first views uses besides: the bank's matching window, and a log line when it fails. */
export interface WarmReadDeps extends CachedReadDeps {
  settings(): Promise<Pick<Settings, 'bankMatchWindowDays'>>;
  logger: Pick<Logger, 'warn'>;
}

/** The Overview's summary of the data as of today (ages and "the last 30 days" move at midnight). */
const overviewKey = (deps: CachedReadDeps, bankWindowDays: number) =>
  `overview ${todayCentral(deps.clock)} ${bankWindowDays}`;

export function cachedOverviewSummary(deps: CachedReadDeps, bankWindowDays: number): Promise<OverviewSummary> {
  return deps.readCache.read(overviewKey(deps, bankWindowDays), () =>
    overviewSummary(deps.store.reader, deps.clock, bankWindowDays, cachedUnacknowledgedCount(deps, false)),
  );
}

/** A range of GL batches with its reversals; the key is the same for the same filter in any key order. */
const glBatchesKey = (filter: GlBatchArgs, limit: number) => `glBatches ${keyOf(filter, limit)}`;

export function cachedGlBatchReport(deps: CachedReadDeps, filter: GlBatchArgs, limit: number): Promise<GlBatchReport> {
  return deps.readCache.read(glBatchesKey(filter, limit), () => glBatchReport(deps.store.reader, filter, limit));
}

/**
 * The changes not yet acknowledged, counted once per revision of the data. The Changes view shows the
 * count with every page it lists, and it counts every unacknowledged change of the store: 50-130 ms
 * on a 300k-change store alone, and on PostgreSQL during a nightly (stop 36's team bench) the
 * slowest call users made (changes.list p95 1.4-4.5 s). As with the Overview, a sync's own pages
 * count from its end, when its data.changed is told.
 */
const unacknowledgedKey = (beforeDistrictRecon: boolean) => `changes unacknowledged ${beforeDistrictRecon}`;

export function cachedUnacknowledgedCount(deps: CachedReadDeps, beforeDistrictRecon: boolean): Promise<number> {
  return deps.readCache.read(unacknowledgedKey(beforeDistrictRecon), () =>
    countUnacknowledged(deps.store.reader, beforeDistrictRecon),
  );
}

/** The feed's groups by kind: the same count by kind, once per revision of the data. */
export function cachedChangeGroups(deps: CachedReadDeps): Promise<ChangeGroup[]> {
  return deps.readCache.read('changes groups', () => changeGroups(deps.store.reader));
}

/*
 * GL Batches' default range and Batches' first page are kept only as the first views after a sync
 * (prepareFirstViews builds them; a call finds them until the next data.changed). Any other call
 * reads the database: these two show a write as it lands, even one no data.changed announced yet.
 */
const defaultRangeKey = (deps: CachedReadDeps) => `glDefaultRange ${todayCentral(deps.clock)}`;
const batchPageKey = (request: PageRequest<BatchFilter>) => `batches ${keyOf(request.filter, request.limit)}`;

/** The range GL Batches opens on (it asks this first, then lists the range). */
export function defaultGlRangeRead(deps: CachedReadDeps): Promise<GlDefaultRange> {
  return deps.readCache.readIfBuilt(defaultRangeKey(deps), () => defaultGlRange(deps.store.reader, deps.clock));
}

/** A page of deposits; a page after a cursor (one user's scrolling) is never kept. */
export function batchPageRead(deps: CachedReadDeps, request: PageRequest<BatchFilter>): Promise<Page<BatchSummary>> {
  const read = () => listBatches(deps.store.reader, request);
  return request.cursor ? read() : deps.readCache.readIfBuilt(batchPageKey(request), read);
}

/** The same key for the same filter in any key order, unset fields left out. */
function keyOf(filter: object, limit: number): string {
  const fields = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([fields, limit]);
}

/**
 * Builds what the first views read after the data changed (the end of a sync) before it is told:
 * the Overview (with the Changes view's count), GL Batches' default range and that range, and
 * Batches' first page, each under the key its first call will ask, for the revision the sync's
 * `data.changed` starts (readCache.prepareNext). Meanwhile every caller is served the revision
 * before, as during the whole sync, so nobody waits on the build (stop 36's team bench: on
 * PostgreSQL the calls that came while the first views were rebuilt after the nightly were the
 * slowest of the run). The returned function, called right after that `data.changed` in the same
 * turn, keeps them, so a client refetching on hearing it finds them built. A failure is only
 * logged: that view then computes on its first call, as it did before.
 */
export async function prepareFirstViews(deps: WarmReadDeps): Promise<() => void> {
  try {
    return await deps.readCache.prepareNext(await firstViewBuilds(deps));
  } catch (error) {
    firstViewsFailed(deps, error);
    return () => {};
  }
}

/**
 * Builds the same first views for the data as they are, when a district server opens: its read
 * cache starts empty, and the first call of each view after a restart computed it (issue 31's team
 * bench, "each view alone" on PostgreSQL: the first `overview.get` 1.2 s, the first GL range 1.1 s;
 * the calls after it 9-16 ms). Kept for this revision, as a first call would keep them. A failure is
 * only logged: that view then computes on its first call.
 */
export async function warmFirstViews(deps: WarmReadDeps): Promise<void> {
  try {
    const builds = await firstViewBuilds(deps);
    await Promise.allSettled(builds.map(([key, compute]) => deps.readCache.read(key, compute)));
  } catch (error) {
    firstViewsFailed(deps, error);
  }
}

/** Each first view's key, as its first call asks it, and how to build it. */
async function firstViewBuilds(deps: WarmReadDeps): Promise<Array<readonly [string, () => Promise<unknown>]>> {
  const { bankMatchWindowDays } = await deps.settings();
  const reader = deps.store.reader;
  const range = await defaultGlRange(reader, deps.clock);
  // The args as the contract reads each view's first call (the same defaults, so the same keys).
  const { limit, ...filter } = methodSchemas['glBatches.list'].parse({ from: range.from, to: range.to });
  const firstPage = methodSchemas['batches.list'].parse(FIRST_BATCH_PAGE);
  // Counted afresh, not through the cache: after a sync the cache still holds the revision before.
  const count = countUnacknowledged(reader, false);
  const logged = (compute: () => Promise<unknown>) => () =>
    compute().catch((error: unknown) => {
      firstViewsFailed(deps, error);
      throw error;
    });
  return [
    [unacknowledgedKey(false), logged(() => count)],
    [
      overviewKey(deps, bankMatchWindowDays),
      logged(() => overviewSummary(reader, deps.clock, bankMatchWindowDays, count)),
    ],
    [defaultRangeKey(deps), logged(async () => range)],
    [glBatchesKey(filter, limit), logged(() => glBatchReport(reader, filter, limit))],
    [batchPageKey(firstPage), logged(() => listBatches(reader, firstPage))],
  ];
}

function firstViewsFailed(deps: WarmReadDeps, error: unknown): void {
  deps.logger.warn('building the first views failed', {
    error: error instanceof Error ? error.message : String(error),
  });
}

/** The deposits list as Batches opens (renderer BatchesView: no filter, a page of PAGE_LIMIT). */
const FIRST_BATCH_PAGE = { filter: {}, limit: 200 } as const;
