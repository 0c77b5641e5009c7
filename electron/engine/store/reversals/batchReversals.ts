/**
 * One deposit's reversal facts (reversals.ts) as JSON array columns of the statement that reads its
 * detail (store/batches batchDetailRows): the same rows reversalFactsOf reads in five statements of
 * their own, here in the one that reads the deposit, since on a district server each round trip
 * waits its turn beside a running sync (issue 31).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { readJsonRows, type JsonRows, type JsonRowsValue } from '../dialect/jsonRows';
import {
  accountLabelsQuery,
  changeExportsQuery,
  hasPart,
  isReversal,
  labelsOf,
  partLinesQuery,
  postedItemsQuery,
  reversalChangesQuery,
  type PartLineRow,
  type PostedItemRow,
  type ReversalChangeRow,
  type ReversalFacts,
} from './reversals';

/** The columns, named as batchReversalFacts reads them. */
export function batchReversalColumns(db: Kysely<Database>, jsonRows: JsonRows, batchId: string) {
  // The deposit's transactions, as a list to look each one's changes up by: the planner cannot
  // estimate the reversal test (REVERSAL_KIND, a CASE), and from `b.id = ?` alone PostgreSQL read
  // every reversal of the store, each with its transaction by key (44,000 buffers for 24 rows).
  const ofDeposit = db.selectFrom('transactions').select('id').where('batch_id', '=', batchId);
  const reversedIn = isReversal(db).where('c.transaction_id', 'in', ofDeposit);
  return [
    jsonRows(
      reversalChangesQuery(db).where('c.transaction_id', 'in', ofDeposit).orderBy('c.transaction_id').orderBy('c.id'),
    ).as('reversal_changes'),
    jsonRows(
      postedItemsQuery(db)
        .where('i.transaction_id', 'in', reversedIn.select('c.transaction_id'))
        .orderBy('i.transaction_id')
        .orderBy('i.item_id'),
    ).as('reversal_items'),
    jsonRows(partLinesQuery(db).where('g.batch_id', '=', batchId).orderBy('g.id')).as('reversal_part_lines'),
    jsonRows(accountLabelsQuery(db)).as('account_labels'),
    jsonRows(changeExportsQuery(db).where('r.change_id', 'in', reversedIn.select('c.id')).orderBy('r.export_id')).as(
      'reversal_exports',
    ),
  ] as const;
}

/** What batchReversalColumns' columns hold, as the driver returns them. */
export interface BatchReversalValues {
  reversal_changes: JsonRowsValue<ReversalChangeRow>;
  reversal_items: JsonRowsValue<PostedItemRow>;
  reversal_part_lines: JsonRowsValue<Omit<PartLineRow, 'part'> & { part: PartLineRow['part'] | null }>;
  account_labels: JsonRowsValue<{ number: string; label: string }>;
  reversal_exports: JsonRowsValue<{ changeId: number; exportId: number }>;
}

/** The deposit's reversal facts, as reversalFactsOf gives them for its transactions with a reversal. */
export function batchReversalFacts(values: BatchReversalValues): ReversalFacts {
  const changes = readJsonRows(values.reversal_changes);
  if (changes.length === 0) return { changes: [], items: [], partLines: [], labels: new Map(), exported: new Map() };
  return {
    changes,
    items: readJsonRows(values.reversal_items),
    partLines: readJsonRows(values.reversal_part_lines).filter(hasPart),
    labels: labelsOf(readJsonRows(values.account_labels)),
    exported: new Map(readJsonRows(values.reversal_exports).map((row) => [row.changeId, row.exportId])),
  };
}
