/**
 * The sync's runs, cursors, reference lists, deposits and GL days, written once for both dialects:
 * the same steps on SQLite and on PostgreSQL leave the same rows (fixtures in syncFixtures.ts).
 */
import { expect, it } from 'vitest';
import { batchExists } from '../../../electron/engine/store/batches';
import { listGlAccounts, listPayees, replaceGlAccounts } from '../../../electron/engine/store/transactions';
import { commitSyncStep, type SyncStep } from '../../../electron/engine/store/syncState';
import {
  allCursors,
  deleteCursor,
  finishRun,
  getCursor,
  getRun,
  lastSuccessAt,
  lastSuccessStartedAt,
  listRuns,
  setCursor,
  startRun,
} from '../../../electron/engine/store/syncState';
import { storedRows } from './storedRows';
import { account, batch, glLine, payee, T0, T1, T2 } from './syncFixtures';
import { describeOnBothDialects } from '../../helpers/dialectStore';

describeOnBothDialects('the sync store: runs, cursors, reference lists, deposits, GL days', (store) => {
  let runId: number;
  /** The run commits what it fetched at `now`. */
  const step = (now: string, fetched: Omit<SyncStep, 'runId' | 'now'>) =>
    commitSyncStep(store.writer, { runId, now, ...fetched });

  it('starts runs (one cut off is marked failed), finishes them and lists them newest first', async () => {
    const first = await startRun(store.writer, 'manual', T0);
    runId = await startRun(store.writer, 'schedule', T1);
    expect(runId).toBeGreaterThan(first);
    const cutOff = await getRun(store.reader, first);
    expect(cutOff).toMatchObject({ id: first, status: 'failed', finishedAt: T1, trigger: 'manual' });
    expect(cutOff.error).toMatch(/^Interrupted before it finished/);
    await finishRun(store.writer, first, 'succeeded', T0, null);
    expect(await lastSuccessStartedAt(store.reader)).toBe(T0);
    expect(await lastSuccessAt(store.reader)).toBe(T0);
    const runs = await listRuns(store.reader, 5);
    expect(runs.map((run) => [run.id, run.status, run.trigger])).toEqual([
      [runId, 'running', 'schedule'],
      [first, 'succeeded', 'manual'],
    ]);
    expect(runs[0]).toMatchObject({ transactionsInserted: 0, changesRecorded: 0, finishedAt: null, error: null });
    await expect(getRun(store.reader, 999_999)).rejects.toThrow('Sync run 999999 is not in the database.');
  });

  it('sets, replaces, reads and deletes cursors', async () => {
    expect(await getCursor(store.reader, 'txns.origin')).toBeNull();
    await setCursor(store.writer, 'txns.origin', '2026-03-01', T0);
    await setCursor(store.writer, 'pass', { today: '2026-03-05', start: '2026-03-01' }, T0);
    await setCursor(store.writer, 'txns.origin', '2026-02-01', T1);
    expect(await getCursor(store.reader, 'txns.origin')).toBe('2026-02-01');
    expect(await allCursors(store.reader)).toEqual({
      pass: { today: '2026-03-05', start: '2026-03-01' },
      'txns.origin': '2026-02-01',
    });
    await deleteCursor(store.writer, 'pass');
    expect(await allCursors(store.reader)).toEqual({ 'txns.origin': '2026-02-01' });
    expect(await storedRows(store.reader, 'sync_cursors', ['name', 'updated_at'])).toEqual([
      { name: 'txns.origin', updated_at: T1 },
    ]);
  });

  it('replaces the reference lists: a row no longer listed is kept, marked removed, and comes back when listed', async () => {
    await step(T0, { payees: [payee(2, 'Band'), payee(1, 'Athletics')] });
    await step(T0, { glAccounts: [account('a2', '4200-000', 'Band'), account('a1', '4100-000', 'Athletics')] });
    await step(T1, { payees: [payee(1, 'Athletics Dept')] });
    expect(await listPayees(store.reader)).toEqual([
      { id: 1, name: 'Athletics Dept', merchantId: 'm1', removed: false },
      { id: 2, name: 'Band', merchantId: 'm2', removed: true },
    ]);
    await replaceGlAccounts(store.writer, [account('a1', '4100-000', 'Athletics')], T1);
    await replaceGlAccounts(
      store.writer,
      [account('a1', '4100-000', 'Athletics'), account('a2', '4200-000', 'Band')],
      T2,
    );
    await replaceGlAccounts(store.writer, [account('a1', '4100-000', 'Athletics')], T2);
    expect(await listGlAccounts(store.reader)).toEqual([
      { id: 'a1', number: '4100-000', label: 'Athletics', removed: false },
      { id: 'a2', number: '4200-000', label: 'Band', removed: true },
    ]);
  });

  it('upserts deposits, writing only those whose JSON changed', async () => {
    expect(await batchExists(store.reader, '730001')).toBe(false);
    const first = await step(T0, { batches: [batch('730001', 3400), batch('730002', 1500)] });
    expect(first.counts.batchesSynced).toBe(2);
    expect(await batchExists(store.reader, '730001')).toBe(true);
    const again = await step(T1, { batches: [batch('730001', 3400), batch('730002', 1400)] });
    expect(again.counts.batchesSynced).toBe(1);
    expect([...again.touched]).toEqual(['730002']);
    expect(
      await storedRows(store.reader, 'batches', ['id', 'total_cents', 'first_seen_at', 'updated_at'], 'id'),
    ).toEqual([
      { id: '730001', total_cents: 3400, first_seen_at: T0, updated_at: T0 },
      { id: '730002', total_cents: 1400, first_seen_at: T0, updated_at: T1 },
    ]);
    expect((await getRun(store.reader, runId)).batchesSynced).toBe(3);
  });

  it('replaces a day of GL lines whole, naming the deposits whose lines changed', async () => {
    const day = '2026-03-02';
    const lines = [glLine('g1', '730001', 2500), glLine('g1', '730001', 900), glLine('g2', '730002', 1400)];
    const first = await step(T0, { glDay: { date: day, rows: lines }, setCursors: { 'gl.done': day } });
    expect([...first.touched].sort()).toEqual(['730001', '730002']);
    expect(first.counts.glBatchesSynced).toBe(3);
    const same = await step(T1, { glDay: { date: day, rows: [...lines].reverse() } });
    expect([...same.touched]).toEqual([]);
    const changed = await step(T2, {
      glDay: {
        date: day,
        rows: [glLine('g1', '730001', 2500), glLine('g1', '730001', 900), glLine('g2', '730002', 1500)],
      },
    });
    expect([...changed.touched]).toEqual(['730002']);
    expect(
      await storedRows(
        store.reader,
        'gl_batches',
        ['gl_batch_id', 'batch_id', 'amount_cents', 'synced_at'],
        'amount_cents',
      ),
    ).toEqual([
      { gl_batch_id: 'g1', batch_id: '730001', amount_cents: 900, synced_at: T2 },
      { gl_batch_id: 'g2', batch_id: '730002', amount_cents: 1500, synced_at: T2 },
      { gl_batch_id: 'g1', batch_id: '730001', amount_cents: 2500, synced_at: T2 },
    ]);
    expect(await getCursor(store.reader, 'gl.done')).toBe(day);
    expect((await getRun(store.reader, runId)).glBatchesSynced).toBe(9);
  });
});
