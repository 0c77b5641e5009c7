/** A long read of days as several short ones (store/work/chunks.ts dayRanges): every day once, in order. */
import { describe, expect, it } from 'vitest';
import { dayRanges } from '../../../electron/engine/store/work/chunks';
import { addDays, eachBusinessDate, type BusinessDate } from '../../../shared/time';

const d = (date: string) => date as BusinessDate;

describe('dayRanges', () => {
  it('covers every day from the first through the last once, in ranges of the size asked', () => {
    const ranges = dayRanges(d('2026-01-27'), d('2026-03-02'), 7);
    expect(ranges.slice(0, 2)).toEqual([
      ['2026-01-27', '2026-02-03'],
      ['2026-02-03', '2026-02-10'],
    ]);
    expect(ranges.at(-1)).toEqual(['2026-02-24', '2026-03-03']);
    // Each range [start, end): its days, end left out.
    const covered = ranges.flatMap(([start, end]) => [...eachBusinessDate(start, addDays(end, -1))]);
    expect(covered).toEqual([...eachBusinessDate(d('2026-01-27'), d('2026-03-02'))]);
  });

  it('is one range for one day, and none when the last day is before the first', () => {
    expect(dayRanges(d('2026-03-02'), d('2026-03-02'), 7)).toEqual([['2026-03-02', '2026-03-09']]);
    expect(dayRanges(d('2026-03-02'), d('2026-03-01'), 7)).toEqual([]);
  });
});
