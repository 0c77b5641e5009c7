import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncRunSummary } from '../../shared/contract';
import type { EngineWithInternals as Engine } from '../../electron/engine/engine';
import { notifySyncResults, syncNotice, type SyncNotice } from '../../electron/main/notifications';
import { createTestEngine } from '../helpers/engine';

const run = (over: Partial<SyncRunSummary>): SyncRunSummary => ({
  id: 7,
  startedAt: '2026-03-10T06:30:00Z',
  finishedAt: '2026-03-10T06:31:00Z',
  status: 'succeeded',
  trigger: 'schedule',
  transactionsInserted: 12,
  transactionsUpdated: 0,
  changesRecorded: 0,
  batchesSynced: 2,
  glBatchesSynced: 4,
  error: null,
  ...over,
});

describe('sync notifications', () => {
  it.each([
    [run({}), null],
    [run({ status: 'cancelled' }), null],
    [
      run({ changesRecorded: 1 }),
      {
        title: 'District Recon: changes to review',
        body: 'The sync found 1 change since the last run.',
        view: 'changes',
      },
    ],
    [
      run({ changesRecorded: 3 }),
      {
        title: 'District Recon: changes to review',
        body: 'The sync found 3 changes since the last run.',
        view: 'changes',
      },
    ],
    [
      run({ status: 'failed', error: 'The payment service did not answer.' }),
      { title: 'District Recon: sync failed', body: 'The payment service did not answer.', view: 'overview' },
    ],
  ])('%#: %j', (summary, expected) => {
    expect(syncNotice(summary)).toEqual(expected);
  });

  let engine: Engine;
  beforeEach(async () => (engine = await createTestEngine()));
  afterEach(() => engine.close());

  it('shows one when the engine reports a finished run worth attention, and opens its view on click', () => {
    const shown: string[] = [];
    const opened: SyncNotice[] = [];
    let click: (() => void) | null = null;
    notifySyncResults(
      engine,
      (notice) => ({ on: (_event, listener) => (click = listener), show: () => shown.push(notice.title) }),
      (notice) => opened.push(notice),
    );
    engine.internals.events.emit('sync.finished', run({}));
    engine.internals.events.emit('sync.finished', run({ changesRecorded: 5 }));
    expect(shown).toEqual(['District Recon: changes to review']);
    click!();
    expect(opened.map((n) => n.view)).toEqual(['changes']);
  });
});
