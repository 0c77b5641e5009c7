/**
 * The day-by-day page walks of a pass, fetched ahead in order (see pipeline.ts). The same code runs
 * on the fetch worker and, as a fallback, on the main thread.
 */
import type { GlBatch } from '../../../shared/domain';
import type { BusinessDate } from '../../../shared/time';
import type { KnownDigests, ServiceClient, TransactionPage } from '../api/client';
import type { KeysetPosition } from '../api/paging';
import type { Parsed } from '../api/wire';
import { BoundError } from '../api/errors';
// The kysely-free half of the digests: this module runs in the fetch worker.
import { unpackDigests, type PackedDigests } from '../store/transactions/digestPairs';
import { glDayDigest, type GlDayAsStored, type GlDayDigests } from '../store/glBatches/glDayDigest';
import { DayTally, rawBytes, type SyncLimits } from './limits';
import { packPage, type PackedTransactionPage } from './packedPages';
import { inOrder } from './pipeline';
import { dayBefore, dayWindow } from './windows';

export interface DayItem<T> {
  item: BusinessDate;
  value: T;
}

/** A day's transactions page, packed as soon as it is parsed (packedPages.ts). */
export type TransactionDayPage = DayItem<PackedTransactionPage>;

/** What the store holds of each day of a walk (the refresh window's days), by business date, packed. */
export type KnownByDay = ReadonlyMap<string, PackedDigests>;
/** A GL day of a walk: its rows, or, given the stored days' digests, as stored. */
export type GlDayRows = DayItem<Array<Parsed<GlBatch>> | GlDayAsStored>;

/**
 * Transactions pages of each day; the first day starts at `start` (a resumed pass). A day's
 * transactions whose JSON the store holds already (`known`) come as a count, not as objects.
 */
export function transactionDayPages(
  client: ServiceClient,
  days: readonly BusinessDate[],
  start: KeysetPosition | null,
  known: KnownByDay = new Map(),
): AsyncGenerator<TransactionDayPage> {
  return inOrder(days, (day) => {
    const window = dayWindow(day);
    const packed = known.get(day);
    const digests: KnownDigests | undefined = packed === undefined ? undefined : unpackDigests(packed);
    return onDay(
      day,
      packEach(
        client.transactionPages(
          { after: window.after, before: window.before },
          day === days[0] ? start : null,
          digests,
        ),
      ),
    );
  });
}

async function* packEach(pages: AsyncIterable<TransactionPage>): AsyncGenerator<PackedTransactionPage> {
  for await (const page of pages) yield packPage(page);
}

/** A walk whose bound errors (a response too large) name the day it was reading. */
async function* onDay<T>(day: BusinessDate, pages: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* pages;
  } catch (error) {
    throw error instanceof BoundError ? error.onDay(day) : error;
  }
}

/**
 * GL days fetched at once: enough to hide a real network's round trips (the latency bench). Two
 * instead of four was tried against the fetch worker's GL-phase parse garbage (issue 31) and gave
 * no measurable memory at BENCH_SCALE=0.3 (peak RSS within the runs' spread of +-40 MB), so the
 * round trips win; the bytes waiting for the writer are bounded apart (aheadBound.ts).
 */
export const GL_DAYS_IN_FLIGHT = 4;

/**
 * Each day's GL-batch rows, gathered whole (a day's rows are replaced all at once), the next day
 * fetched meanwhile. The day's tally bounds what is gathered: a service whose pages never run
 * short fails the day instead of growing the process. One day is asked for (start_date is
 * exclusive, "after this date": the spec, and the sandbox's README), so nothing of the day before
 * is fetched; rows dated otherwise are still left out.
 */
export function glDayRows(
  client: ServiceClient,
  days: readonly BusinessDate[],
  limits: SyncLimits,
  known: GlDayDigests = new Map(),
): AsyncGenerator<GlDayRows> {
  return inOrder(
    days,
    (day) => {
      const digest = known.get(day);
      return digest === undefined ? glDay(client, day, limits) : glDayKnown(client, day, limits, digest);
    },
    { concurrency: GL_DAYS_IN_FLIGHT, buffer: 1 },
  );
}

async function* glDay(
  client: ServiceClient,
  day: BusinessDate,
  limits: SyncLimits,
): AsyncGenerator<Array<Parsed<GlBatch>>> {
  const tally = new DayTally(limits, 'GET /gl-batches', day);
  const rows: Array<Parsed<GlBatch>> = [];
  try {
    for await (const page of client.glBatchPages({ startDate: dayBefore(day), endDate: day })) {
      tally.add(page.objects.length, rawBytes(page.objects));
      rows.push(...page.objects);
    }
  } catch (error) {
    throw error instanceof BoundError ? error.onDay(day) : error;
  }
  yield rows.filter((row) => row.value.date === day);
}

/**
 * A day the store holds lines of (`stored`: their digest): gathered unchecked, and only when the
 * service's lines differ from the stored ones checked page by page, with the same errors as glDay.
 */
async function* glDayKnown(
  client: ServiceClient,
  day: BusinessDate,
  limits: SyncLimits,
  stored: string,
): AsyncGenerator<Array<Parsed<GlBatch>> | GlDayAsStored> {
  const tally = new DayTally(limits, 'GET /gl-batches', day);
  const pages: Array<{ objects: unknown[]; raws: string[] }> = [];
  const raws: string[] = [];
  try {
    for await (const page of client.glBatchPagesUnchecked({ startDate: dayBefore(day), endDate: day })) {
      const pageRaws = page.objects.map((object) => JSON.stringify(object));
      tally.add(
        pageRaws.length,
        pageRaws.reduce((bytes, raw) => bytes + raw.length, 0),
      );
      pages.push({ objects: page.objects, raws: pageRaws });
      raws.push(...pageRaws);
    }
    if (glDayDigest(raws) === stored) {
      yield { asStoredLines: raws.length };
      return;
    }
  } catch (error) {
    throw error instanceof BoundError ? error.onDay(day) : error;
  }
  const rows = pages.flatMap((page) => client.glRowsOf(page.objects, page.raws));
  yield rows.filter((row) => row.value.date === day);
}
