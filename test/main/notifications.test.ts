import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncRunSummary } from '../../shared/contract';
import { fixedClock } from '../../shared/time';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import { ensureChecksFresh } from '../../electron/engine/reconcile';
import { notifySyncResults, syncNotice, type SyncNotice } from '../../electron/main/notifications';
import { createTestEngine } from '../helpers/engine';
import { needsYou } from '../helpers/needsYou';
import { amountChangedAfterBatching, refundAfterBatching, seedDistrict } from '../engine/reconcile/fixtures';

const run = (over: Partial<SyncRunSummary>): SyncRunSummary => ({
  id: 7,
  startedAt: '2026-03-10T06:30:00Z',
  finishedAt: '2026-03-10T06:31:00Z',
  status: 'succeeded',
  trigger: 'schedule',
  transactionsInserted: 12,
  transactionsUpdated: 0,
  changesRecorded: 40,
  batchesSynced: 2,
  glBatchesSynced: 4,
  error: null,
  ...over,
});

const quiet = needsYou();
const busy = needsYou({
  differs: { count: 1, cents: 2500, batches: [] },
  reopened: { count: 1, cents: 0, batches: [] },
  reversals: { ...quiet.reversals, count: 6, totalCents: 9000 },
  attention: [{ kind: 'declined', count: 2, changeKinds: ['declined'], transactionIds: [] }],
  count: 10,
});

describe('the notification after the nightly sync: only when something needs the bookkeeper', () => {
  it.each([
    ['a routine night (40 settlements, deposits that tie out)', run({}), quiet, true, null],
    [
      'a night with action items',
      run({}),
      busy,
      true,
      {
        title: 'District Recon: 10 things need you this morning',
        body: '1 deposit differs ($25.00); 1 signed-off deposit re-opened; 6 refunds and returns, $90.00; 2 declined, failed or unclear sales',
        view: 'overview',
      },
    ],
    [
      'a night whose sales were reported with fees under $1.00 (anomalies, not failures)',
      run({}),
      needsYou({
        attention: [
          { kind: 'anomaly', count: 31, changeKinds: ['anomaly'], transactionIds: [] },
          { kind: 'declined', count: 2, changeKinds: ['declined'], transactionIds: [] },
        ],
        count: 33,
      }),
      true,
      {
        title: 'District Recon: 33 things need you this morning',
        body: '31 sales with an anomaly; 2 declined, failed or unclear sales',
        view: 'overview',
      },
    ],
    ['the same, turned off in Settings', run({}), busy, false, null],
    ['a sync the bookkeeper started (watched on screen)', run({ trigger: 'manual' }), busy, true, null],
    ['a cancelled night', run({ status: 'cancelled' }), busy, true, null],
    [
      'a failed night',
      run({ status: 'failed', error: 'The payment service did not answer.', trigger: 'catch_up' }),
      null,
      true,
      {
        title: 'District Recon: the nightly sync failed',
        body: 'The payment service did not answer.',
        view: 'overview',
      },
    ],
  ])('%s', (_name, summary, needsYou, enabled, expected) => {
    expect(syncNotice(summary, needsYou, enabled)).toEqual(expected);
  });

  let engine: Engine;
  beforeEach(async () => {
    engine = await createTestEngine({ clock: fixedClock('2026-03-05T15:00:00Z') });
    await seedDistrict(engine.internals.store.writer.db);
    await ensureChecksFresh(engine.internals.store.writer, '2026-03-05T14:00:00.000Z');
  });
  afterEach(() => engine.close());

  function watch() {
    const shown: SyncNotice[] = [];
    const opened: SyncNotice[] = [];
    let click: (() => void) | null = null;
    notifySyncResults(
      engine,
      (notice) => ({ on: (_event, listener) => (click = listener), show: () => shown.push(notice) }),
      (notice) => opened.push(notice),
    );
    return { shown, opened, click: () => click?.() };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('asks the engine what needs the bookkeeper: silent on a routine night, a digest when something does', async () => {
    const { shown, opened, click } = watch();
    engine.internals.events.emit('sync.finished', run({}));
    await settle();
    expect(shown).toEqual([]);

    const db = engine.internals.store.writer.db;
    await refundAfterBatching(db, 1002, 700, '2026-03-05T07:31:00.000Z');
    await amountChangedAfterBatching(db, 1006, 9501, '2026-03-05T07:31:00.000Z');
    await ensureChecksFresh(engine.internals.store.writer, '2026-03-05T14:30:00.000Z');
    // As the sync does at its end: what it wrote is announced, then that it finished.
    engine.internals.events.emit('data.changed', { scopes: ['transactions', 'changes', 'batches'] });
    engine.internals.events.emit('sync.finished', run({}));
    await settle();
    expect(shown).toHaveLength(1);
    expect(shown[0]!.body).toContain('1 refund or return, $7.00');
    click();
    expect(opened.map((n) => n.view)).toEqual(['overview']);
  });

  it('says nothing when notifyAfterSync is off', async () => {
    await engine.call('settings.set', { patch: { notifyAfterSync: false } });
    await refundAfterBatching(engine.internals.store.writer.db, 1002, 700, '2026-03-05T07:31:00.000Z');
    const { shown } = watch();
    engine.internals.events.emit('sync.finished', run({}));
    await settle();
    expect(shown).toEqual([]);
  });
});
