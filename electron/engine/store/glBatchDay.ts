/** A day of GL-batch rows, replaced whole by the sync. */
import type { Kysely } from 'kysely';
import type { GlBatch, Received as Parsed } from '../../../shared/domain';
import { chunks } from './chunks';
import type { Database } from './schema';
import { execute, rowsOf, type Work } from './work';

/** A batch's GL lines compared as a whole (the service's GL-batch ids need not be unique in a day). */
function linesOf(lines: Array<{ batchId: string; raw: string }>): Map<string, string> {
  const byBatch = new Map<string, string[]>();
  for (const { batchId, raw } of lines) {
    const raws = byBatch.get(batchId);
    if (raws) raws.push(raw);
    else byBatch.set(batchId, [raw]);
  }
  return new Map([...byBatch].map(([batchId, raws]) => [batchId, raws.sort().join('\n')]));
}

/**
 * Replaces one day's GL-batch rows (all pages of the day at once, so a day is never half there), in
 * its caller's unit of work. Yields the batches whose GL lines changed (a line added, removed or
 * different), for re-checking.
 */
export function* replaceGlBatchDayWork(
  db: Kysely<Database>,
  date: string,
  rows: Array<Parsed<GlBatch>>,
  now: string,
): Work<Set<string>> {
  const stored = yield* rowsOf(db.selectFrom('gl_batches').select(['batch_id', 'raw']).where('date', '=', date));
  const before = linesOf(stored.map((row) => ({ batchId: row.batch_id, raw: row.raw })));
  const after = linesOf(rows.map(({ value, raw }) => ({ batchId: value.batchId, raw })));
  const changed = new Set<string>();
  for (const batchId of new Set([...before.keys(), ...after.keys()]))
    if (before.get(batchId) !== after.get(batchId)) changed.add(batchId);
  if (!changed.size) return changed; // the same lines: nothing to write
  yield* execute(db.deleteFrom('gl_batches').where('date', '=', date));
  for (const slice of chunks(rows))
    yield* execute(
      db.insertInto('gl_batches').values(
        slice.map(({ value, raw }) => ({
          gl_batch_id: value.glBatchId,
          date: value.date,
          batch_id: value.batchId,
          payee_id: value.payeeId,
          gl_account_id: value.glAccountId,
          gl_number: value.glNumber,
          gl_label: value.glLabel,
          amount_cents: value.amountCents,
          amount_without_fees_cents: value.amountWithoutFeesCents,
          count: value.count,
          raw,
          synced_at: now,
        })),
      ),
    );
  return changed;
}
