/**
 * The reads the read cache (readCache.ts) keeps, each under one key whoever asks: the Overview's
 * summary and a range of GL batches. The handlers read through these, and warmReadCaches computes
 * them for the views a bookkeeper opens first when a sync has changed the data, so the first
 * `overview.get` and `glBatches.list` after a nightly find them built (issue 31: the first call
 * after a nightly took 0.7-1 s on PostgreSQL while it rebuilt them).
 */
import { methodSchemas } from '../../shared/contract';
import type { GlBatchReport, Settings } from '../../shared/contract';
import { todayCentral, type Clock } from '../../shared/time';
import { defaultGlRange } from './export/defaultRange';
import { glBatchReport } from './export/glReport';
import { listBatches, overviewSummary } from './reconcile';
import type { OverviewSummary } from './reconcile/overview';
import type { Logger } from './logger';
import type { ReadCache } from './readCache';
import type { Store } from './store/dialect';

type GlBatchArgs = Parameters<typeof glBatchReport>[1];

/** What a cached read uses: the read cache, the store's read handle, and today (the Overview's key). */
export interface CachedReadDeps {
  readCache: Pick<ReadCache, 'read'>;
  store: Pick<Store, 'reader'>;
  clock: Clock;
}

/** What building the first views uses besides: the bank's matching window, and a log line when it fails. */
export interface WarmReadDeps extends CachedReadDeps {
  settings(): Promise<Pick<Settings, 'bankMatchWindowDays'>>;
  logger: Pick<Logger, 'warn'>;
}

/** The Overview's summary of the data as of today (ages and "the last 30 days" move at midnight). */
export function cachedOverviewSummary(deps: CachedReadDeps, bankWindowDays: number): Promise<OverviewSummary> {
  return deps.readCache.read(`overview ${todayCentral(deps.clock)} ${bankWindowDays}`, () =>
    overviewSummary(deps.store.reader, deps.clock, bankWindowDays),
  );
}

/** A range of GL batches with its reversals; the key is the same for the same filter in any key order. */
export function cachedGlBatchReport(deps: CachedReadDeps, filter: GlBatchArgs, limit: number): Promise<GlBatchReport> {
  const fields = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return deps.readCache.read(`glBatches ${JSON.stringify([fields, limit])}`, () =>
    glBatchReport(deps.store.reader, filter, limit),
  );
}

/** The deposits list as Deposits opens (renderer BatchesView's first page). */
const FIRST_BATCH_PAGE = { filter: {}, limit: 200 } as const;

/**
 * Builds what the first views read, after the data changed (the end of a sync): the Overview's
 * summary, GL Batches on the range it opens on, and a first read of the deposits list, which is not
 * kept but leaves the database's caches (SQLite's page cache, PostgreSQL's plans and buffers) ready
 * for it. A failure is only logged: the view then computes on its first call, as it did before.
 */
export async function warmReadCaches(deps: WarmReadDeps): Promise<void> {
  try {
    const settings = await deps.settings();
    const range = await defaultGlRange(deps.store.reader, deps.clock);
    // The args as the contract reads a call with this range only (the same defaults, so the same key).
    const { limit, ...filter } = methodSchemas['glBatches.list'].parse({ from: range.from, to: range.to });
    await Promise.all([
      cachedOverviewSummary(deps, settings.bankMatchWindowDays),
      cachedGlBatchReport(deps, filter, limit),
      listBatches(deps.store.reader, FIRST_BATCH_PAGE),
    ]);
  } catch (error) {
    deps.logger.warn('building the first views after sync failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
