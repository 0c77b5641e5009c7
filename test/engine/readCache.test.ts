import { describe, expect, it } from 'vitest';
import { EngineEventBus } from '../../electron/engine/events';
import { ReadCache } from '../../electron/engine/readCache';

function counted<T>(value: () => T) {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      await Promise.resolve();
      return value();
    },
    calls: () => calls,
  };
}

describe('the read cache: one computation per revision of the data', () => {
  it('computes once for callers at the same time and callers after, until data change', async () => {
    const events = new EngineEventBus();
    const cache = new ReadCache(events);
    const overview = counted(() => ({ count: 3 }));
    const [a, b] = await Promise.all([
      cache.read('overview', overview.compute),
      cache.read('overview', overview.compute),
    ]);
    expect(await cache.read('overview', overview.compute)).toEqual({ count: 3 });
    expect([a, b]).toEqual([{ count: 3 }, { count: 3 }]);
    expect(overview.calls()).toBe(1);

    events.emit('data.changed', { scopes: ['batches'] });
    await cache.read('overview', overview.compute);
    expect(overview.calls()).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = new ReadCache(new EngineEventBus());
    expect(await cache.read('march', async () => 'march rows')).toBe('march rows');
    expect(await cache.read('april', async () => 'april rows')).toBe('april rows');
    expect(await cache.read('march', async () => 'not asked')).toBe('march rows');
  });

  it('shares one frozen value: one caller cannot change it for the next', async () => {
    const cache = new ReadCache(new EngineEventBus());
    const compute = async () => ({ ids: [3, 1, 2], totals: { cents: 5 } });
    const first = await cache.read('list', compute);
    expect(() => first.ids.sort()).toThrow(TypeError);
    expect(() => first.ids.push(4)).toThrow(TypeError);
    expect(() => (first.totals.cents = 6)).toThrow(TypeError);
    const second = await cache.read('list', compute);
    expect(second).toEqual({ ids: [3, 1, 2], totals: { cents: 5 } });
    expect(second).toBe(first);
  });

  it('does not keep a failure: the next caller computes again', async () => {
    const cache = new ReadCache(new EngineEventBus());
    await expect(cache.read('overview', () => Promise.reject(new Error('database busy')))).rejects.toThrow(
      'database busy',
    );
    expect(await cache.read('overview', async () => 'fresh')).toBe('fresh');
  });

  it('does not keep what was computed while the data changed under it', async () => {
    const events = new EngineEventBus();
    const cache = new ReadCache(events);
    let release!: () => void;
    const slow = cache.read('overview', () => new Promise<string>((resolve) => (release = () => resolve('before'))));
    events.emit('data.changed', { scopes: ['changes'] });
    release();
    expect(await slow).toBe('before');
    expect(await cache.read('overview', async () => 'after')).toBe('after');
  });

  it('keeps a bounded number of keys, the least recently read going first', async () => {
    const cache = new ReadCache(new EngineEventBus());
    for (let i = 0; i < 64; i++) await cache.read(`range ${i}`, async () => i);
    await cache.read('range 0', async () => -1);
    await cache.read('range 64', async () => 64);
    expect(await cache.read('range 0', async () => -1)).toBe(0);
    expect(await cache.read('range 1', async () => -1)).toBe(-1);
  });

  it('builds the next revision while this one is served, and keeps it from the data.changed that starts it', async () => {
    const events = new EngineEventBus();
    const cache = new ReadCache(events);
    await cache.read('overview', async () => 'before the sync');
    const next = counted(() => 'after the sync');
    const keep = await cache.prepareNext([['overview', next.compute]]);
    // Built, not yet told: callers still get the revision before.
    expect(await cache.read('overview', async () => 'computed')).toBe('before the sync');

    events.emit('data.changed', { scopes: ['transactions'] });
    keep();
    expect(await cache.read('overview', async () => 'computed')).toBe('after the sync');
    expect(Object.isFrozen(await cache.read('list', async () => ({ rows: [] })))).toBe(true);
    expect(next.calls()).toBe(1);
  });

  it('keeps nothing built for the next revision when another change came first', async () => {
    const events = new EngineEventBus();
    const cache = new ReadCache(events);
    const keep = await cache.prepareNext([['overview', async () => 'without the sign-off']]);
    // A user's sign-off, told while the values were being built: they may not show it.
    events.emit('data.changed', { scopes: ['batches'] });
    events.emit('data.changed', { scopes: ['transactions'] });
    keep();
    expect(await cache.read('overview', async () => 'with the sign-off')).toBe('with the sign-off');
  });

  it('leaves out a build that failed, and keeps a key read since the change', async () => {
    const events = new EngineEventBus();
    const cache = new ReadCache(events);
    const keep = await cache.prepareNext([
      ['overview', async () => Promise.reject(new Error('connection lost'))],
      ['range', async () => 'built ahead'],
    ]);
    events.emit('data.changed', { scopes: ['transactions'] });
    const readMeanwhile = cache.read('range', async () => 'read since');
    keep();
    expect(await readMeanwhile).toBe('read since');
    expect(await cache.read('range', async () => 'again')).toBe('read since');
    expect(await cache.read('overview', async () => 'computed on its first call')).toBe('computed on its first call');
  });
});
