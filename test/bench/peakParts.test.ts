import { describe, expect, it } from 'vitest';
import { NEW_PEAK_MB, withPeakParts, type MemoryParts } from '../../bench/support/memoryParts';

const MB = 1048576;
const partsAt = (rssMb: number): MemoryParts => ({
  rssMb,
  mallocMainMb: 0,
  mallocThreadsMb: 0,
  mallocThreadArenas: 0,
  otherAnonMb: 0,
  fileMb: 0,
  heapTotalMb: 0,
  heapUsedMb: 0,
  externalMb: 0,
});
const ticks = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 5));

/** withPeakParts over a process whose RSS follows `rssAt(sample)`; how often the parts were read. */
async function sampled(rssAt: (sample: number) => number) {
  let samples = 0;
  let reads = 0;
  let rss = rssAt(0);
  const { peak } = await withPeakParts(
    () => ticks(40),
    1,
    () => {
      reads++;
      return partsAt(rss);
    },
    () => {
      rss = rssAt(++samples);
      return rss * MB;
    },
  );
  return { samples, reads, peak };
}

describe('the peak parts sampler (bench sync)', () => {
  it('reads the costly parts once while the RSS stays where it was, though it samples every tick', async () => {
    const { samples, reads, peak } = await sampled(() => 200);
    expect(samples).toBeGreaterThan(5);
    expect(reads).toBe(1);
    expect(peak?.rssMb).toBe(200);
  });

  it('reads them again at each new peak past the last by NEW_PEAK_MB, and keeps the largest', async () => {
    const { samples, reads, peak } = await sampled((sample) => 100 + sample * NEW_PEAK_MB);
    expect(reads).toBeGreaterThan(5);
    // The first tick reads the parts without looking at the RSS (there is no peak yet).
    expect(reads).toBe(samples + 1);
    expect(peak!.rssMb).toBe(100 + samples * NEW_PEAK_MB);
  });

  it('does not read them for a rise smaller than NEW_PEAK_MB, nor after the RSS falls', async () => {
    const { reads, peak } = await sampled((sample) => (sample < 3 ? 150 + sample * 0.5 : 120));
    expect(reads).toBe(1);
    expect(peak!.rssMb).toBe(150);
  });
});
