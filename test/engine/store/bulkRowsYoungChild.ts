/**
 * bulkRowsYoung.test.ts's process: what one young collection leaves of a bulk statement's rows once
 * nothing of ours refers to them. YOUNG_CASE names the way they were held: `sqliteBulk` (its compiled
 * query made, then dropped) or `WeakMap` (a WeakMap keyed by a dropped object, as the rows were kept
 * before). Prints the MB left in the heap after the collection. Run with --expose-gc.
 */
import { getHeapStatistics } from 'node:v8';
import { sqliteBulk } from '../../../electron/engine/store/dialect/sqlite/bulk';
import type { BulkStatement } from '../../../electron/engine/store/dialect/bulkStatements';

const young = () => (globalThis.gc as unknown as (options: object) => void)({ type: 'minor', execution: 'sync' });
const used = () => getHeapStatistics().used_heap_size;

/** ~4 MB: 20,000 rows of an id and its JSON. */
function rows(): Array<Array<string | number>> {
  return Array.from({ length: 20_000 }, (_, i) => [i, `{"id":${i},"payer":"Zoë ${i}","note":"${'n'.repeat(80)}"}`]);
}

const statement = {
  kind: 'insert',
  table: 'transactions',
  columns: [{ name: 'id' }, { name: 'raw' }],
} as unknown as BulkStatement;
const held = new WeakMap<object, unknown>();

function makeAndDrop(kind: string): number {
  switch (kind) {
    case 'sqliteBulk':
      return Object.keys(sqliteBulk(statement, rows()).compile()).length;
    case 'WeakMap': {
      const query = {};
      held.set(query, rows());
      return Object.keys(query).length;
    }
  }
  throw new Error(`YOUNG_CASE ${kind} is neither sqliteBulk nor WeakMap`);
}

young();
young();
const before = used();
makeAndDrop(process.env.YOUNG_CASE ?? '');
young();
process.stdout.write(JSON.stringify({ leftMb: Math.round(((used() - before) / 1048576) * 10) / 10 }));
