/**
 * heapSettings.test.ts's process for the growth bound: a live set like the writer's, then objects that live a little
 * (a write unit's rows, held across young collections and promoted), under withSyncHeapSettings;
 * prints the old generation's live size, its peak while the work ran, and the full collections.
 * HEAP_GROWTH_UNBOUNDED=1 runs the same work as V8 chooses (the figures without the bound). Run with
 * --expose-gc: the live size is read after a full collection.
 */
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { withSyncHeapSettings } from '../../../electron/engine/sync/heapSettings';

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
const oldUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')!.space_used_size;

let fullCollections = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      fullCollections++;
});
observer.observe({ entryTypes: ['gc'] });

const live: Array<{ id: string; n: number }> = [];
for (let i = 0; i < 400_000; i++) live.push({ id: `t${i}`, n: i });

let liveBytes = 0;

async function churn(): Promise<number> {
  // A full collection first, under the factor of the work: it sets the old generation's next limit.
  globalThis.gc!();
  liveBytes = oldUsed();
  const held: Array<Array<{ id: number; unit: number; name: string }>> = [];
  let peak = 0;
  for (let unit = 0; unit < 80; unit++) {
    const rows = new Array<{ id: number; unit: number; name: string }>(20_000);
    for (let i = 0; i < rows.length; i++) rows[i] = { id: i, unit, name: `n${i}` };
    held.push(rows);
    if (held.length > 4) held.shift();
    peak = Math.max(peak, oldUsed());
    // A turn between units, as the writer awaits its unit of work.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return peak;
}

const peak = process.env.HEAP_GROWTH_UNBOUNDED === '1' ? await churn() : await withSyncHeapSettings(churn);
// Let the last collection's entries arrive.
await new Promise((resolve) => setTimeout(resolve, 50));
observer.disconnect();
process.stdout.write(
  JSON.stringify({ liveMb: mb(liveBytes), peakMb: mb(peak), fullCollections, live: live.length > 0 }),
);
