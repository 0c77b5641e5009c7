/**
 * inOrder (sync/pipeline.ts) lets each walk go once its pages are taken (issue 31): a finished walk
 * still holds what it was given and gathered (a nightly's day of stored digests, a GL day's rows), and
 * every day of a run stayed reachable from inOrder until the run's end, in the fetch worker's heap.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inOrder } from '../../../electron/engine/sync/pipeline';

/** A full collection on demand: the flag exposes gc to contexts made after it is set. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('inOrder', () => {
  it('yields the walks in order and holds no walk it has finished', async () => {
    const gc = collector();
    const given: Array<WeakRef<Map<number, string>>> = [];
    const days = Array.from({ length: 12 }, (_, day) => day);
    const walk = (day: number) => {
      // What a day's walk is given: its stored digests.
      const digests = new Map(Array.from({ length: 1_000 }, (_, i) => [i, `digest ${day}-${i}`] as const));
      given.push(new WeakRef(digests));
      return (async function* (known: Map<number, string>) {
        yield `${day}a:${known.size}`;
        yield `${day}b`;
      })(digests);
    };
    const seen: string[] = [];
    let heldAtDay9 = -1;
    for await (const { item, value } of inOrder(days, walk, { concurrency: 3, buffer: 4 })) {
      seen.push(value);
      if (item === 9 && value.startsWith('9a')) {
        // Let the walks ahead settle, then collect: days 0-8 are done.
        await new Promise((resolve) => setTimeout(resolve, 10));
        gc();
        heldAtDay9 = given.slice(0, 9).filter((ref) => ref.deref() !== undefined).length;
      }
    }
    expect(seen).toEqual(days.flatMap((day) => [`${day}a:1000`, `${day}b`]));
    expect(heldAtDay9).toBe(0);
  });
});
