/**
 * Issue 31 item 5: a large claim tells PostgreSQL's planner how many deposits it took before the
 * export reads its rows. Planned from statistics that predate the claim (autovacuum refreshes them
 * only a while later), the rows' cursor started from "a few" claimed deposits and sorted every GL row
 * of the range before its first: at 100,000 rows the first row came at 2.9 s instead of 0.5 s.
 */
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgresStore } from '../../../../electron/engine/store/dialect';
import { claimExport, openGlSnapshot, STATISTICS_AFTER_CLAIMED } from '../../../../electron/engine/store/exports';
import { glRowsOf } from '../../../../electron/engine/store/glBatches';
import { portableHandles, type ReadableDB, type WritableDB } from '../../../../electron/engine/store/work';
import { describePostgres, usePostgresTestDatabase } from '../../../helpers/postgres';
import { bareDeposit, bareGlLine } from '../bareRows';

const RANGE = { from: '2026-01-01', to: '2026-12-31' };
const DEPOSITS = STATISTICS_AFTER_CLAIMED + 500;
const dateOf = (deposit: number) => new Date(Date.UTC(2026, 0, 1 + (deposit % 360))).toISOString().slice(0, 10);
const batchOf = (deposit: number) => String(900_000 + deposit);

async function seed({ db }: WritableDB): Promise<void> {
  await db
    .insertInto('payees')
    .values({ id: 1, name: 'School 1', merchant_id: 'M1', removed: 0, raw: '{}', updated_at: '' })
    .execute();
  for (let first = 0; first < DEPOSITS; first += 250) {
    const deposits = [...Array(Math.min(250, DEPOSITS - first)).keys()].map((n) => first + n);
    await db
      .insertInto('batches')
      .values(deposits.map((d) => bareDeposit({ id: batchOf(d), payee_id: 1, date: dateOf(d) })))
      .execute();
    await db
      .insertInto('gl_batches')
      .values(
        deposits.flatMap((d) =>
          [1, 2].map((line) =>
            bareGlLine(line, {
              gl_batch_id: `${batchOf(d)}-${line}`,
              date: dateOf(d),
              batch_id: batchOf(d),
              payee_id: 1,
              amount_cents: 100 * d + line,
              synced_at: '2027-01-01T00:00:00Z',
            }),
          ),
        ),
      )
      .execute();
  }
  // As a sync leaves them: its own tables' statistics refreshed, the claims table never seen full.
  await sql`ANALYZE gl_batches, batches, payees, export_deposits`.execute(db);
}

type PlanNode = { 'Node Type': string; 'Plan Rows': number; Plans?: PlanNode[] };

async function planOf(db: ReadableDB['db'], statement: string, parameters: readonly unknown[]): Promise<PlanNode> {
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({
    sql: `EXPLAIN (FORMAT JSON) ${statement}`,
    parameters,
  } as CompiledQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>);
  return rows[0]!['QUERY PLAN'][0]!.Plan;
}

describePostgres('a large export claim on PostgreSQL', () => {
  const database = usePostgresTestDatabase();
  let store: Awaited<ReturnType<typeof openPostgresStore>>;
  let writer: WritableDB;
  let reader: ReadableDB;

  beforeAll(async () => {
    store = await openPostgresStore(database().url);
    ({ writer, reader } = portableHandles(store.writer, store.reader));
    await seed(writer);
  }, 120_000);
  afterAll(() => store?.close());

  it('leaves the planner knowing how many deposits it claimed before the rows are read', async () => {
    const claim = await claimExport(writer, {
      lease: { owner: 'test', heartbeatAt: '2027-01-02T00:00:00.000Z' },
      createdAt: '2027-01-02T00:00:00Z',
      scope: RANGE,
      layout: 'xlsx',
      file: '/tmp/never-written.xlsx',
      companionFile: null,
      createdBy: 'test',
      changeIds: [],
      repost: false,
    });
    expect(claim.deposits).toBe(DEPOSITS);

    const claimed = await planOf(reader.db, 'SELECT batch_id FROM export_deposits WHERE export_id = $1', [claim.id]);
    expect(claimed['Plan Rows']).toBeGreaterThan(DEPOSITS / 2);

    // The rows read are the claimed ones, as before.
    const snapshot = await openGlSnapshot({ reader });
    try {
      const rows = await glRowsOf(snapshot.source, { ...RANGE, exportId: claim.id });
      let read = 0;
      for await (const _row of rows.rows()) read += 1;
      expect([rows.count, read]).toEqual([2 * DEPOSITS, 2 * DEPOSITS]);
    } finally {
      await snapshot.close();
    }
  });
});
