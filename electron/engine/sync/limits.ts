/**
 * Bounds on what the service can make one sync do (DESIGN.md §4.6). Without them a service that
 * keeps answering full pages of new ids made a run of 10,000+ requests and a 650 MB database, and
 * one whose GL pages never ran short grew the process past 2 GB.
 *
 * Derivation, from what a district can have (the spec states no volumes; our sandbox's default
 * district makes 300 payments a weekday, the benchmark's busiest day about 18,000):
 *  - A peak day: the largest US district has about a million students; if one in twenty pays on
 *    the same day (fees at the start of a school year) that is 50,000 payments, so 500 pages of
 *    100 on /txns. /gl-batches pages count base rows, 100 a page, so 500 pages is 50,000 base rows
 *    (one per deposit and account); with fee, tax and shipping rows that is at most 200,000 rows.
 *  - Memory of a day: a day is written whole (nothing of a day that fails is kept), so it is held
 *    until its last page. A sandbox transaction with items is about 560 bytes of JSON, a GL row
 *    about 220 (measured): 50,000 transactions are 28 MB, 200,000 GL rows 44 MB. 128 MB of JSON
 *    is the bound on what one day may hold (the parsed objects roughly double it).
 *  - A run: the benchmark's first sync is a million transactions (90 days); five million rows is
 *    a year of a 500,000-student district at ten payments a student, and about 3 GB of store.
 * Every figure is a tuning option (SyncService.limits) for a district beyond them.
 */
import { BoundError } from '../api/errors';
import { formatBytes } from '../api/responseBody';

export interface SyncLimits {
  /** Pages of one day window (/txns, /gl-batches) or of one deposit's /txns?batch= walk. */
  maxPagesPerDay: number;
  /** Rows of one day (transactions, or GL rows with their fee, tax and shipping rows). */
  maxRowsPerDay: number;
  /** JSON text held for one day before it is written. */
  maxBytesPerDay: number;
  /** Rows received in one run, all endpoints together (a transaction's details count as one). */
  maxRowsPerRun: number;
  /**
   * GET /txns/:id requests in flight at once in the payer details phase: enough to hide the
   * round trip, few enough not to look like a flood to the service (its 429s slow us anyway).
   * 0 leaves the phase out (the sync benchmark measures the transactions pass alone); null: the
   * payerDetailsInFlight setting's (8 unless set).
   */
  detailsInFlight: number | null;
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  maxPagesPerDay: 500,
  maxRowsPerDay: 200_000,
  maxBytesPerDay: 128 * 1024 * 1024,
  maxRowsPerRun: 5_000_000,
  detailsInFlight: null,
};

/** Counts one day's pages, rows and bytes as they arrive; throws the bound they pass. */
export class DayTally {
  private pages = 0;
  private rows = 0;
  private bytes = 0;

  constructor(
    private readonly limits: SyncLimits,
    readonly endpoint: string,
    readonly day: string,
  ) {}

  add(rows: number, bytes: number): void {
    this.pages++;
    this.rows += rows;
    this.bytes += bytes;
    const { maxPagesPerDay, maxRowsPerDay, maxBytesPerDay } = this.limits;
    if (this.pages > maxPagesPerDay) this.fail(`more than ${count(maxPagesPerDay)} pages for one day`);
    if (this.rows > maxRowsPerDay) this.fail(`more than ${count(maxRowsPerDay)} rows for one day`);
    if (this.bytes > maxBytesPerDay) this.fail(`more than ${formatBytes(maxBytesPerDay)} of data for one day`);
  }

  private fail(bound: string): never {
    throw new BoundError(this.endpoint, this.day, bound);
  }
}

/** Rows of a whole run. */
export class RunTally {
  private rows = 0;

  constructor(private readonly limits: SyncLimits) {}

  add(rows: number, endpoint: string, day: string | null): void {
    this.rows += rows;
    if (this.rows > this.limits.maxRowsPerRun)
      throw new BoundError(endpoint, day, `more than ${count(this.limits.maxRowsPerRun)} rows in one sync`);
  }
}

/** JSON text a page holds: what holding it costs, near enough. */
export function rawBytes(rows: ReadonlyArray<{ raw: string }>): number {
  let bytes = 0;
  for (const row of rows) bytes += row.raw.length;
  return bytes;
}

const count = (n: number) => n.toLocaleString('en-US');
