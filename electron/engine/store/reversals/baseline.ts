/**
 * The first sync's history is a baseline (issue 30 item 6): the refunds, ACH returns and voids it
 * finds happened before District Recon was looking, so they are listed as "before District Recon"
 * and neither counted "since the last review" nor posted in this month's journal.
 *
 * A change is in the baseline when a sync run recorded it no later than the first run that
 * succeeded; while none has (the first sync is still running, or failed), every change a run
 * recorded is. Changes recorded outside a sync run (sync_run_id NULL) never are. `c` is
 * transaction_changes, as isReversal (store/reversals.ts) aliases it.
 */
import { sql } from 'kysely';
import type { ReadableDB } from '../work/handles';
import { isReversal, REVERSAL_KIND } from './reversals';
import { firstOf, runRead } from '../work/work';
import { BASELINE_CHANGE } from './baselineFlag';

/** How many reversals the first sync found already there, and not yet acknowledged. */
export function countBaselineReversals(reader: ReadableDB): Promise<number> {
  return runRead(reader, function* (db) {
    const row = yield* firstOf(
      isReversal(db)
        .where(BASELINE_CHANGE)
        .where('c.acknowledged_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    );
    return Number(row?.n ?? 0);
  });
}

/**
 * A change (transaction_changes aliased `c`) that is a reversal the first sync found: the ones
 * countBaselineReversals counts. The change feed lists them apart as "before District Recon", never
 * among the changes to acknowledge, so the Overview and the Changes view count the same things.
 */
export function isBaselineReversal() {
  // Asked of the change row itself, not as membership in a list of every baseline reversal: the Changes
  // view asks it of each unacknowledged change on every call (its count), and building that list each
  // time cost ~200 ms on a 300k-change store (stop 36's team bench: changes.list p50 93-145 ms alone).
  // The deposit is looked up by key as a scalar, not asked with EXISTS: PostgreSQL may plan an EXISTS
  // as a hashed subplan, a hash of every batched transaction built on each call (145-220 ms on the
  // team bench's 296k store for a page that takes 2 ms; test/engine/store/postgres/baselinePlan.test.ts).
  return sql<boolean>`(${REVERSAL_KIND} AND ${BASELINE_CHANGE} AND (SELECT bb.id FROM transactions bt
    INNER JOIN batches bb ON bb.id = bt.batch_id WHERE bt.id = c.transaction_id) IS NOT NULL)`;
}
