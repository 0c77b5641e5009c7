/**
 * Which days a run reads. A first sync starts `firstSyncDays` back (or at `from`); later runs start
 * at the older of the first day not yet read to its end and the refresh window (refunds and
 * returns arrive weeks after the sale), never before the first day ever synced. An unfinished pass
 * of the same day is resumed where its last committed page left it.
 */
import type { ReadableDB } from '../store/work';
import { ContractError } from '../../../shared/contract';
import { addDays, compareBusinessDates, type BusinessDate } from '../../../shared/time';
import { getCursor } from '../store/syncState';

export const CURSOR = {
  /** First business day ever synced. */
  origin: 'txns.origin',
  /** Last business day read to its end (today is never complete). */
  syncedThrough: 'txns.synced_through',
  /** The pass in progress: { today, start }. */
  pass: 'pass',
  /** Next transactions page of the pass: { day, offset }. */
  txnPosition: 'txns.position',
  /** Last day whose GL rows were replaced in this pass. */
  glDone: 'gl.done',
  /** Batches dated after this were not all seen yet. */
  batchesAfter: 'batches.after',
  /** A new batch whose transactions are being read: { batchId, offset }. */
  batchTxns: 'batch.txns',
} as const;

export interface Pass {
  today: BusinessDate;
  start: BusinessDate;
  /** Whether this pass continues an interrupted one. */
  resumed: boolean;
  origin: BusinessDate;
}

export async function planPass(
  db: ReadableDB,
  today: BusinessDate,
  options: { refreshWindowDays: number; firstSyncDays: number; from?: BusinessDate },
): Promise<Pass> {
  const min = (a: BusinessDate, b: BusinessDate) => (compareBusinessDates(a, b) <= 0 ? a : b);
  const max = (a: BusinessDate, b: BusinessDate) => (compareBusinessDates(a, b) >= 0 ? a : b);
  const storedOrigin = await getCursor<BusinessDate>(db, CURSOR.origin);
  const wantedOrigin = options.from ?? addDays(today, -(options.firstSyncDays - 1));
  const origin = storedOrigin
    ? options.from
      ? min(storedOrigin, options.from)
      : storedOrigin
    : min(wantedOrigin, today);

  const pass = await getCursor<{ today: BusinessDate; start: BusinessDate }>(db, CURSOR.pass);
  if (pass && pass.today === today && (!options.from || compareBusinessDates(pass.start, options.from) <= 0)) {
    return { today, start: pass.start, resumed: true, origin };
  }
  const syncedThrough = await getCursor<BusinessDate>(db, CURSOR.syncedThrough);
  let start = syncedThrough && storedOrigin ? addDays(syncedThrough, 1) : origin;
  start = min(start, addDays(today, -(options.refreshWindowDays - 1)));
  if (options.from) start = min(start, options.from);
  start = min(max(start, origin), today);
  return { today, start, resumed: false, origin };
}

/**
 * Ten years back, the same reach as the longest first sync (firstSyncDays at most 3650): a
 * district's payment records older than that are not reconciled here, and `--from 1900-01-01`
 * meant 46,351 day windows of requests.
 */
export const MAX_SYNC_DAYS = 3650;

/** Refuses a start day further back than MAX_SYNC_DAYS, or after today, saying which. */
export function checkSyncFrom(from: BusinessDate, today: BusinessDate): void {
  const earliest = addDays(today, -(MAX_SYNC_DAYS - 1));
  if (compareBusinessDates(from, earliest) < 0)
    throw new ContractError(
      'BAD_ARGUMENTS',
      `Cannot sync from ${from}: a sync reaches back at most ten years, to ${earliest}. Choose a later start day.`,
    );
  if (compareBusinessDates(from, today) > 0)
    throw new ContractError('BAD_ARGUMENTS', `Cannot sync from ${from}: that is after today (${today}).`);
}
