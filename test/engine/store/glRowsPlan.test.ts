/**
 * Issue 31 item 5: a posting's GL rows (only the deposits its export claimed) come off the date index
 * on SQLite, each day's rows sorted on their own, not the whole range sorted before the first row:
 * that sort held every row of the range in SQLite's memory (its temp store), ~+30 MB at 300,000 rows
 * and growing with them, where reading by date stays flat. The claimed deposits filter the rows
 * exactly as before.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import type { Dialect } from '../../../electron/engine/store/dialect';
import { claimExport, openGlSnapshot } from '../../../electron/engine/store/exports';
import { glRowsOf } from '../../../electron/engine/store/glBatches';
import { createTestDb, sqliteOf, type TestStore } from '../../helpers/db';
import { bareDeposit, bareGlLine } from './bareRows';

const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const DEPOSITS = 12;
const dateOf = (deposit: number) => `2026-03-${String(1 + (deposit % 5)).padStart(2, '0')}`;
const batchOf = (deposit: number) => String(600_000 + deposit);

let store: TestStore;
let exportId: number;

beforeAll(async () => {
  store = await createTestDb({ file: true });
  const { db } = store;
  await db
    .insertInto('payees')
    .values({ id: 1, name: 'School 1', merchant_id: 'M1', removed: 0, raw: '{}', updated_at: '' })
    .execute();
  for (let deposit = 0; deposit < DEPOSITS; deposit++) {
    await db
      .insertInto('batches')
      .values(bareDeposit({ id: batchOf(deposit), payee_id: 1, date: dateOf(deposit) }))
      .execute();
    await db
      .insertInto('gl_batches')
      .values(
        [1, 2, 3].map((line) =>
          bareGlLine(line, {
            gl_batch_id: `${batchOf(deposit)}-${line}`,
            date: dateOf(deposit),
            batch_id: batchOf(deposit),
            payee_id: 1,
            amount_cents: 100 * deposit + line,
            synced_at: '2026-04-01T00:00:00Z',
          }),
        ),
      )
      .execute();
  }
  // An earlier export posted the first four deposits: this one claims the other eight.
  const claim = (scope: typeof RANGE) =>
    claimExport(store.writer, {
      lease: { owner: 'test', heartbeatAt: '2026-04-02T00:00:00.000Z' },
      createdAt: '2026-04-02T00:00:00Z',
      scope,
      layout: 'xlsx',
      file: '/tmp/never-written.xlsx',
      companionFile: null,
      createdBy: 'test',
      changeIds: [],
      repost: false,
    });
  const earlier = await claim({ from: '2026-03-01', to: '2026-03-01' });
  expect(earlier.deposits).toBe(3); // deposits 0, 5 and 10 fall on March 1
  exportId = (await claim(RANGE)).id;
});

afterAll(async () => {
  await store.cleanup();
});

it("reads a posting's rows off the date index, sorting only within a day, and only its claimed deposits", async () => {
  const snapshot = await openGlSnapshot({ reader: store.reader });
  try {
    let query: CompiledQuery | null = null;
    const dialect: Dialect = {
      ...snapshot.source.dialect,
      streamChunks: <R>(db: Parameters<Dialect['streamChunks']>[0], compiled: CompiledQuery<R>, chunkRows: number) => {
        query = compiled;
        return snapshot.source.dialect.streamChunks(db, compiled, chunkRows);
      },
    };
    const rows = await glRowsOf({ ...snapshot.source, dialect }, { ...RANGE, exportId });
    const batches: string[] = [];
    for await (const row of rows.rows()) batches.push(row.batchId);

    const claimed = [...Array(DEPOSITS).keys()].filter((deposit) => dateOf(deposit) !== '2026-03-01');
    expect(rows.count).toBe(claimed.length * 3);
    expect(new Set(batches)).toEqual(new Set(claimed.map(batchOf)));
    expect(batches).toHaveLength(claimed.length * 3);

    const plan = sqliteOf(store)
      .prepare(`EXPLAIN QUERY PLAN ${query!.sql}`)
      .all(...(query!.parameters as unknown[])) as Array<{ detail: string }>;
    const steps = plan.map((step) => step.detail);
    expect(steps).toContainEqual(expect.stringMatching(/^SEARCH g USING INDEX gl_batches_by_date/));
    // Sorted within a date only: never the whole range before the first row.
    expect(steps.filter((step) => step.includes('TEMP B-TREE'))).toEqual([
      'USE TEMP B-TREE FOR LAST 4 TERMS OF ORDER BY',
    ]);
  } finally {
    await snapshot.close();
  }
});
