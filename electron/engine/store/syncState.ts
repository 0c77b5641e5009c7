/** Sync runs and cursors: plain functions over the raw connection (called inside page transactions). */
import type { ReadableDB, WritableDB } from './handles';
import { statement } from './statements';
import type { SyncRunStatus, SyncRunSummary } from '../../../shared/contract';
import type { SyncRunRow } from './schema';

export type RunTrigger = SyncRunSummary['trigger'];

export interface RunCounts {
  transactionsInserted: number;
  transactionsUpdated: number;
  changesRecorded: number;
  batchesSynced: number;
  glBatchesSynced: number;
}

export function startRun({ sqlite }: WritableDB, trigger: RunTrigger, now: string): number {
  // A run still marked running was cut off (crash, kill): its pages are committed, the run is not.
  statement(
    sqlite,
    `UPDATE sync_runs SET status = 'failed', finished_at = ?, error = 'Interrupted before it finished; the next sync carried on from its last saved page.' WHERE status = 'running'`,
  ).run(now);
  return Number(
    statement(sqlite, `INSERT INTO sync_runs (started_at, status, trigger) VALUES (?, 'running', ?)`).run(now, trigger)
      .lastInsertRowid,
  );
}

/** Adds a page's counts to the run: called in the page's own transaction, so counts never drift. */
export function addRunCounts({ sqlite }: WritableDB, runId: number, counts: Partial<RunCounts>): void {
  statement(
    sqlite,

    `UPDATE sync_runs SET transactions_inserted = transactions_inserted + ?, transactions_updated = transactions_updated + ?,
         changes_recorded = changes_recorded + ?, batches_synced = batches_synced + ?, gl_batches_synced = gl_batches_synced + ? WHERE id = ?`,
  ).run(
    counts.transactionsInserted ?? 0,
    counts.transactionsUpdated ?? 0,
    counts.changesRecorded ?? 0,
    counts.batchesSynced ?? 0,
    counts.glBatchesSynced ?? 0,
    runId,
  );
}

export function finishRun(
  { sqlite }: WritableDB,
  runId: number,
  status: SyncRunStatus,
  now: string,
  error: string | null,
): void {
  statement(sqlite, 'UPDATE sync_runs SET status = ?, finished_at = ?, error = ? WHERE id = ?').run(
    status,
    now,
    error,
    runId,
  );
}

export function runSummary(row: SyncRunRow): SyncRunSummary {
  return {
    id: row.id,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status as SyncRunStatus,
    trigger: row.trigger as RunTrigger,
    transactionsInserted: row.transactions_inserted,
    transactionsUpdated: row.transactions_updated,
    changesRecorded: row.changes_recorded,
    batchesSynced: row.batches_synced,
    glBatchesSynced: row.gl_batches_synced,
    error: row.error,
  };
}

export function listRuns({ sqlite }: ReadableDB, limit: number): SyncRunSummary[] {
  return (statement(sqlite, 'SELECT * FROM sync_runs ORDER BY id DESC LIMIT ?').all(limit) as SyncRunRow[]).map(
    runSummary,
  );
}

export function getRun({ sqlite }: ReadableDB, runId: number): SyncRunSummary {
  return runSummary(statement(sqlite, 'SELECT * FROM sync_runs WHERE id = ?').get(runId) as SyncRunRow);
}

/** When the last successful run started (the schedule's catch-up compares it with the last night). */
export function lastSuccessStartedAt({ sqlite }: ReadableDB): string | null {
  const row = statement(
    sqlite,
    `SELECT started_at FROM sync_runs WHERE status = 'succeeded' ORDER BY id DESC LIMIT 1`,
  ).get() as { started_at: string } | undefined;
  return row?.started_at ?? null;
}

export function lastSuccessAt({ sqlite }: ReadableDB): string | null {
  const row = statement(
    sqlite,
    `SELECT finished_at FROM sync_runs WHERE status = 'succeeded' ORDER BY id DESC LIMIT 1`,
  ).get() as { finished_at: string | null } | undefined;
  return row?.finished_at ?? null;
}

export function getCursor<T>({ sqlite }: ReadableDB, name: string): T | null {
  const row = statement(sqlite, 'SELECT value FROM sync_cursors WHERE name = ?').get(name) as
    { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : null;
}

export function setCursor({ sqlite }: WritableDB, name: string, value: unknown, now: string): void {
  statement(
    sqlite,
    'INSERT INTO sync_cursors (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  ).run(name, JSON.stringify(value), now);
}

export function deleteCursor({ sqlite }: WritableDB, name: string): void {
  statement(sqlite, 'DELETE FROM sync_cursors WHERE name = ?').run(name);
}

export function allCursors({ sqlite }: ReadableDB): Record<string, unknown> {
  const rows = statement(sqlite, 'SELECT name, value FROM sync_cursors ORDER BY name').all() as Array<{
    name: string;
    value: string;
  }>;
  return Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value)]));
}
