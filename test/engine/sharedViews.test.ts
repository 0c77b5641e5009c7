import { describe, expect } from 'vitest';
import { engineTest } from '../helpers/engineTest';
import { seedDistrict } from './reconcile/fixtures';

describe('views shared between callers (readCache.ts)', () => {
  engineTest.override({ now: '2026-03-04T15:00:00Z' });
  engineTest.beforeEach(async ({ db }) => {
    await seedDistrict(db);
  });

  engineTest('a transport gets the one frozen value; an in-process caller its own copy', async ({ engine }) => {
    const args = { from: '2026-03-01', to: '2026-03-31' };
    const served = (await engine.callUnknown('glBatches.list', args)) as { rows: unknown[] };
    expect(served.rows.length).toBeGreaterThan(0);
    expect(Object.isFrozen(served) && Object.isFrozen(served.rows)).toBe(true);
    expect(await engine.callUnknown('glBatches.list', args)).toBe(served);

    const own = await engine.call('glBatches.list', args);
    expect(own).toEqual(served);
    own.rows.reverse();
    own.rows.push(own.rows[0]!);
    expect(await engine.call('glBatches.list', args)).toEqual(served);
    expect(served.rows.length).toBeLessThan(own.rows.length);

    const overview = await engine.call('overview.get', {});
    overview.needsYou.differs.batches.length = 0;
    expect(Object.isFrozen(await engine.callUnknown('overview.get', {}))).toBe(true);
  });
});
