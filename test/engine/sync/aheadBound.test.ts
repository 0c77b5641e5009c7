import { setImmediate as nextTurn } from 'node:timers/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AheadBound, heldBytesOf } from '../../../electron/engine/sync/aheadBound';
import { feedFrom } from '../../../electron/engine/sync/feed';

async function* sized(sizes: number[], fetched: number[]): AsyncGenerator<{ size: number }> {
  for (const size of sizes) {
    fetched.push(size);
    yield { size };
  }
}

/** Lets the producer run until it waits. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await nextTurn();
}

describe('the bound on what waits for the writer (issue 31)', () => {
  it('never holds more bytes than allowed, unless one item alone is larger; items leave in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.array(fc.oneof(fc.constant('send' as const), fc.constant('take' as const)), { maxLength: 200 }),
        fc.array(fc.integer({ min: 0, max: 8_000 }), { minLength: 1, maxLength: 200 }),
        (maxItems, maxBytes, steps, sizes) => {
          const bound = new AheadBound(maxItems, maxBytes);
          const held: number[] = [];
          let next = 0;
          for (const step of steps) {
            const size = sizes[next % sizes.length]!;
            if (step === 'send' && bound.admits(size)) {
              bound.sent(size);
              held.push(size);
              next++;
            } else if (step === 'take' && held.length) {
              bound.taken();
              held.shift();
            }
            const bytes = held.reduce((a, b) => a + b, 0);
            expect(bound.heldBytes).toBe(bytes);
            expect(bound.heldItems).toBe(held.length);
            expect(held.length).toBeLessThanOrEqual(maxItems);
            if (held.length > 1) expect(bytes).toBeLessThanOrEqual(maxBytes);
          }
        },
      ),
    );
  });

  it('lets an item larger than the bound go when nothing is held, and nothing after it', () => {
    const bound = new AheadBound(24, 100);
    expect(bound.admits(1_000)).toBe(true);
    bound.sent(1_000);
    expect(bound.admits(1)).toBe(false);
    bound.taken();
    expect(bound.admits(60)).toBe(true);
    bound.sent(60);
    expect(bound.admits(40)).toBe(true);
    expect(bound.admits(41)).toBe(false);
  });

  it("holds a feed's items to their bytes, not to a count of days: the producer waits, then resumes as the writer takes", async () => {
    const fetched: number[] = [];
    const feed = feedFrom(sized([40, 40, 40, 40, 40], fetched), new AheadBound(24, 100), (item) => item.size);
    await settle();
    // Two fit (80 bytes); the third is fetched and waits for room, the rest are not fetched yet.
    expect(feed.size).toBe(2);
    expect(fetched).toHaveLength(3);
    expect(feed.poll()).toEqual({ size: 40 });
    await settle();
    expect(feed.size).toBe(2);
    expect(fetched).toHaveLength(4);
    const rest: number[] = [];
    for (let item = await feed.next(); item; item = await feed.next()) rest.push(item.size);
    expect(rest).toEqual([40, 40, 40, 40]);
  });

  it('a count alone still bounds as before: nothing more is fetched while the buffer is full', async () => {
    const fetched: number[] = [];
    const feed = feedFrom(sized([1, 1, 1, 1, 1], fetched), 2);
    await settle();
    expect(feed.size).toBe(2);
    expect(fetched).toHaveLength(2);
  });

  it('measures a packed page by its buffer and a day of GL rows by their JSON text', () => {
    expect(heldBytesOf({ packed: new Uint8Array(1234), rows: 3 })).toBe(1234);
    expect(heldBytesOf([{ raw: '{"a":1}' }, { raw: '{"bb":22}' }])).toBe(16);
    expect(heldBytesOf([{ id: 1, payerName: 'A' }])).toBe(0);
  });
});
