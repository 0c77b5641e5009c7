/** A day of GL-batch rows, replaced whole by the sync. */
import type { GlBatch, Received as Parsed } from '../../../shared/domain';
import type { WritableDB } from './handles';
import { statement } from './statements';

/**
 * Replaces one day's GL-batch rows (all pages of the day at once, so a day is never half there).
 * Returns the batches whose GL lines changed (a line added, removed or different), for re-checking.
 */
export function replaceGlBatchDay(
  { sqlite }: WritableDB,
  date: string,
  rows: Array<Parsed<GlBatch>>,
  now: string,
): Set<string> {
  // A batch's GL lines compared as a whole (the service's GL-batch ids need not be unique in a day).
  const linesOf = (lines: Array<{ batchId: string; raw: string }>) => {
    const byBatch = new Map<string, string[]>();
    for (const { batchId, raw } of lines) {
      const raws = byBatch.get(batchId);
      if (raws) raws.push(raw);
      else byBatch.set(batchId, [raw]);
    }
    return new Map([...byBatch].map(([batchId, raws]) => [batchId, raws.sort().join('\n')]));
  };
  const before = linesOf(
    (
      statement(sqlite, 'SELECT batch_id, raw FROM gl_batches WHERE date = ?').all(date) as Array<{
        batch_id: string;
        raw: string;
      }>
    ).map((row) => ({ batchId: row.batch_id, raw: row.raw })),
  );
  const after = linesOf(rows.map(({ value, raw }) => ({ batchId: value.batchId, raw })));
  const changed = new Set<string>();
  for (const batchId of new Set([...before.keys(), ...after.keys()]))
    if (before.get(batchId) !== after.get(batchId)) changed.add(batchId);
  if (!changed.size) return changed; // the same lines: nothing to write
  statement(sqlite, 'DELETE FROM gl_batches WHERE date = ?').run(date);
  const insert = statement(
    sqlite,
    `INSERT INTO gl_batches (gl_batch_id, date, batch_id, payee_id, gl_account_id, gl_number, gl_label, amount_cents, amount_without_fees_cents, count, raw, synced_at)
     VALUES (@glBatchId, @date, @batchId, @payeeId, @glAccountId, @glNumber, @glLabel, @amountCents, @amountWithoutFeesCents, @count, @raw, @now)`,
  );
  for (const { value, raw } of rows) insert.run({ ...value, raw, now });
  return changed;
}
