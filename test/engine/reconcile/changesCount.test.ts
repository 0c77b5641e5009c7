/**
 * The Changes view's count and groups are read once per revision of the data (cachedReads.ts):
 * every page of the feed, the groups and the Overview share one count of the unacknowledged
 * changes until the data change, and a change made through the engine is counted at once.
 */
import { describe, expect } from 'vitest';
import { countUnacknowledged } from '../../../electron/engine/store/transactions';
import { engineTest } from '../../helpers/engineTest';
import { computedKeys } from '../sync/readCacheWatch';
import { refundAfterBatching, seedDistrict } from './fixtures';

const SEEN = '2026-03-05T07:31:00.000Z';

describe('the unacknowledged count of the change feed', () => {
  engineTest.override({ now: '2026-03-06T15:00:00Z' });
  engineTest.beforeEach(async ({ db }) => {
    await seedDistrict(db);
    await refundAfterBatching(db, 1001, 500, SEEN);
    await refundAfterBatching(db, 1002, 700, SEEN);
  });

  engineTest('is counted once for the pages, the groups and the Overview', async ({ engine }) => {
    const computed = computedKeys(engine.internals);
    const first = await engine.call('changes.list', { limit: 1 });
    const next = await engine.call('changes.list', { limit: 1, cursor: first.nextCursor });
    const groups = await engine.call('changes.groups', {});
    await engine.call('changes.groups', {});
    const overview = await engine.call('overview.get', {});

    const counted = await countUnacknowledged(engine.internals.store.reader);
    expect(counted).toBeGreaterThan(1);
    expect(first.unacknowledged).toBe(counted);
    expect(next.unacknowledged).toBe(counted);
    expect(overview.changesToReview).toBe(counted);
    expect(groups.reduce((sum, group) => sum + group.count, 0)).toBe(counted);
    expect(computed.filter((key) => key.startsWith('changes'))).toEqual([
      'changes unacknowledged false',
      'changes groups',
    ]);
  });

  engineTest('counts again once changes are acknowledged through the engine', async ({ engine }) => {
    const before = await engine.call('changes.list', { limit: 1 });
    const groupsBefore = await engine.call('changes.groups', {});
    const { acknowledged } = await engine.call('changes.acknowledge', { ids: [Number(before.rows[0]!.id)] });
    expect(acknowledged).toBe(1);

    const after = await engine.call('changes.list', { limit: 1 });
    expect(after.unacknowledged).toBe(before.unacknowledged - 1);
    const groupsAfter = await engine.call('changes.groups', {});
    const total = (groups: typeof groupsBefore) => groups.reduce((sum, group) => sum + group.count, 0);
    expect(total(groupsAfter)).toBe(total(groupsBefore) - 1);
    expect((await engine.call('overview.get', {})).changesToReview).toBe(after.unacknowledged);
  });
});
