/** A day of GL-batch rows, replaced whole by the sync. */
import type { Kysely } from 'kysely';
import type { GlBatch, Received as Parsed } from '../../../../shared/domain';
import type { Database } from '../schema';
import { compiledOnce } from '../dialect/bulk';
import { typedColumns, type BulkInsert } from '../dialect/bulkStatements';
import { execute, rowsOf, type Work, type WorkTarget } from '../work/work';

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
 * A GL line as stored: the columns of gl_batches but its id, in the order lineValues gives them (the
 * batch detail reads the same columns: store/batches/batches.ts).
 */
export const GL_LINE_COLUMNS = [
  'gl_batch_id',
  'date',
  'batch_id',
  'payee_id',
  'gl_account_id',
  'gl_number',
  'gl_label',
  'amount_cents',
  'amount_without_fees_cents',
  'count',
  'raw',
  'synced_at',
] as const;

function lineValues({ value, raw }: Parsed<GlBatch>, now: string): unknown[] {
  return [
    value.glBatchId,
    value.date,
    value.batchId,
    value.payeeId,
    value.glAccountId,
    value.glNumber,
    value.glLabel,
    value.amountCents,
    value.amountWithoutFeesCents,
    value.count,
    raw,
    now,
  ];
}

const linesOfDay = compiledOnce((db, date: string) =>
  db.selectFrom('gl_batches').select(['batch_id', 'raw']).where('date', '=', date),
);

const deleteDay = compiledOnce((db, date: string) => db.deleteFrom('gl_batches').where('date', '=', date));

const insertLines: BulkInsert = {
  kind: 'insert',
  table: 'gl_batches',
  columns: typedColumns(GL_LINE_COLUMNS, new Set(['payee_id', 'amount_cents', 'amount_without_fees_cents', 'count'])),
};

/**
 * Replaces one day's GL-batch rows (all pages of the day at once, so a day is never half there), in
 * its caller's unit of work. Yields the batches whose GL lines changed (a line added, removed or
 * different), for re-checking. The lines go in as its dialect writes many rows (bulkStatements.ts).
 */
export function* replaceGlBatchDayWork(
  target: WorkTarget,
  db: Kysely<Database>,
  date: string,
  rows: Array<Parsed<GlBatch>>,
  now: string,
): Work<Set<string>> {
  const stored = yield* rowsOf(linesOfDay(db, date));
  const before = linesOf(stored.map((row) => ({ batchId: row.batch_id, raw: row.raw })));
  const after = linesOf(rows.map(({ value, raw }) => ({ batchId: value.batchId, raw })));
  const changed = new Set<string>();
  for (const batchId of new Set([...before.keys(), ...after.keys()]))
    if (before.get(batchId) !== after.get(batchId)) changed.add(batchId);
  if (!changed.size) return changed; // the same lines: nothing to write
  yield* execute(deleteDay(db, date));
  if (rows.length)
    yield* execute(
      target.dialect.bulk(
        insertLines,
        rows.map((row) => lineValues(row, now)),
      ),
    );
  return changed;
}
