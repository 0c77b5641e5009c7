/**
 * Sync runs and cursors, on either dialect. The writes a sync page makes with its rows (a cursor, the
 * run's counts) are also units (`…Work`) that the page's own unit of work runs (syncCommit.ts).
 */
import type { Kysely } from 'kysely';
import type { ReadableDB, WritableDB } from '../work/handles';
import type { SyncRunStatus, SyncRunSummary } from '../../../../shared/contract';
import type { Database, SyncRunRow } from '../schema';
import { compiledOnce } from '../dialect/bulk';
import { execute, rowsOf, runWrite, type Work } from '../work/work';

export type RunTrigger = SyncRunSummary['trigger'];

export interface RunCounts {
  transactionsInserted: number;
  transactionsUpdated: number;
  changesRecorded: number;
  batchesSynced: number;
  glBatchesSynced: number;
}

export function startRun(writer: WritableDB, trigger: RunTrigger, now: string): Promise<number> {
  return runWrite(writer, function* (db) {
    // A run still marked running was cut off (crash, kill): its pages are committed, the run is not.
    yield* execute(
      db
        .updateTable('sync_runs')
        .set({
          status: 'failed',
          finished_at: now,
          error: 'Interrupted before it finished; the next sync carried on from its last saved page.',
        })
        .where('status', '=', 'running'),
    );
    const [row] = yield* rowsOf(
      db.insertInto('sync_runs').values({ started_at: now, status: 'running', trigger }).returning('id'),
    );
    return Number(row!.id);
  });
}

/** A run's counts grow by a page's. */
const addRunCountsQuery = compiledOnce(
  (db, runId: number, inserted: number, updated: number, changes: number, batches: number, glBatches: number) =>
    db
      .updateTable('sync_runs')
      .set((eb) => ({
        transactions_inserted: eb('transactions_inserted', '+', inserted),
        transactions_updated: eb('transactions_updated', '+', updated),
        changes_recorded: eb('changes_recorded', '+', changes),
        batches_synced: eb('batches_synced', '+', batches),
        gl_batches_synced: eb('gl_batches_synced', '+', glBatches),
      }))
      .where('id', '=', runId),
);

/** Adds a page's counts to the run: run in the page's own unit of work, so counts never drift. */
export function* addRunCountsWork(db: Kysely<Database>, runId: number, counts: Partial<RunCounts>): Work<void> {
  yield* execute(
    addRunCountsQuery(
      db,
      runId,
      counts.transactionsInserted ?? 0,
      counts.transactionsUpdated ?? 0,
      counts.changesRecorded ?? 0,
      counts.batchesSynced ?? 0,
      counts.glBatchesSynced ?? 0,
    ),
  );
}

export async function finishRun(
  { db }: WritableDB,
  runId: number,
  status: SyncRunStatus,
  now: string,
  error: string | null,
): Promise<void> {
  await db.updateTable('sync_runs').set({ status, finished_at: now, error }).where('id', '=', runId).execute();
}

export function runSummary(row: SyncRunRow): SyncRunSummary {
  return {
    id: Number(row.id),
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status,
    trigger: row.trigger as RunTrigger,
    transactionsInserted: row.transactions_inserted,
    transactionsUpdated: row.transactions_updated,
    changesRecorded: row.changes_recorded,
    batchesSynced: row.batches_synced,
    glBatchesSynced: row.gl_batches_synced,
    error: row.error,
  };
}

export async function listRuns({ db }: ReadableDB, limit: number): Promise<SyncRunSummary[]> {
  const rows = await db.selectFrom('sync_runs').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(runSummary);
}

export async function getRun({ db }: ReadableDB, runId: number): Promise<SyncRunSummary> {
  const row = await db.selectFrom('sync_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!row) throw new Error(`Sync run ${runId} is not in the database.`);
  return runSummary(row);
}

async function lastSuccess({ db }: ReadableDB) {
  return db
    .selectFrom('sync_runs')
    .select(['started_at', 'finished_at'])
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When the last successful run started (the schedule's catch-up compares it with the last night). */
export async function lastSuccessStartedAt(reader: ReadableDB): Promise<string | null> {
  return (await lastSuccess(reader))?.started_at ?? null;
}

export async function lastSuccessAt(reader: ReadableDB): Promise<string | null> {
  return (await lastSuccess(reader))?.finished_at ?? null;
}

export async function getCursor<T>({ db }: ReadableDB, name: string): Promise<T | null> {
  const row = await db.selectFrom('sync_cursors').select('value').where('name', '=', name).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : null;
}

const setCursorQuery = compiledOnce((db, name: string, value: string, now: string) =>
  db
    .insertInto('sync_cursors')
    .values({ name, value, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
    ),
);

const deleteCursorQuery = compiledOnce((db, name: string) => db.deleteFrom('sync_cursors').where('name', '=', name));

export function* setCursorWork(db: Kysely<Database>, name: string, value: unknown, now: string): Work<void> {
  yield* execute(setCursorQuery(db, name, JSON.stringify(value), now));
}

export function* deleteCursorWork(db: Kysely<Database>, name: string): Work<void> {
  yield* execute(deleteCursorQuery(db, name));
}

export function setCursor(writer: WritableDB, name: string, value: unknown, now: string): Promise<void> {
  return runWrite(writer, (db) => setCursorWork(db, name, value, now));
}

export function deleteCursor(writer: WritableDB, name: string): Promise<void> {
  return runWrite(writer, (db) => deleteCursorWork(db, name));
}

export async function allCursors({ db }: ReadableDB): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('sync_cursors').select(['name', 'value']).orderBy('name').execute();
  return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value)]));
}
