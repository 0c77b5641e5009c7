/**
 * The reads the read cache (readCache.ts) keeps, each under one key whoever asks: the Overview's
 * summary and a range of GL batches. The handlers read through these, and warmReadCaches computes
 * them for the views a bookkeeper opens first when a sync has changed the data, so the first
 * `overview.get` and `glBatches.list` after a nightly find them built (issue 31: the first call
 * after a nightly took 0.7-1 s on PostgreSQL while it rebuilt them).
 */
import { methodSchemas } from '../../shared/contract';
import type { GlBatchReport } from '../../shared/contract';
import { todayCentral } from '../../shared/time';
import type { EngineContext } from './context';
import { defaultGlRange } from './export/defaultRange';
import { glBatchReport } from './export/glReport';
import { listBatches, overviewSummary } from './reconcile';
import type { OverviewSummary } from './reconcile/overview';

type GlBatchArgs = Parameters<typeof glBatchReport>[1];

/** The Overview's summary of the data as of today (ages and "the last 30 days" move at midnight). */
export function cachedOverviewSummary(ctx: EngineContext, bankWindowDays: number): Promise<OverviewSummary> {
  return ctx.readCache.read(`overview ${todayCentral(ctx.clock)} ${bankWindowDays}`, () =>
    overviewSummary(ctx.store.reader, ctx.clock, bankWindowDays),
  );
}

/** A range of GL batches with its reversals; the key is the same for the same filter in any key order. */
export function cachedGlBatchReport(ctx: EngineContext, filter: GlBatchArgs, limit: number): Promise<GlBatchReport> {
  const fields = Object.entries(filter)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return ctx.readCache.read(`glBatches ${JSON.stringify([fields, limit])}`, () =>
    glBatchReport(ctx.store.reader, filter, limit),
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
export async function warmReadCaches(ctx: EngineContext): Promise<void> {
  try {
    const settings = await ctx.settings();
    const range = await defaultGlRange(ctx.store.reader, ctx.clock);
    // The args as the contract reads a call with this range only (the same defaults, so the same key).
    const { limit, ...filter } = methodSchemas['glBatches.list'].parse({ from: range.from, to: range.to });
    await Promise.all([
      cachedOverviewSummary(ctx, settings.bankMatchWindowDays),
      cachedGlBatchReport(ctx, filter, limit),
      listBatches(ctx.store.reader, FIRST_BATCH_PAGE),
    ]);
  } catch (error) {
    ctx.logger.warn('building the first views after sync failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
