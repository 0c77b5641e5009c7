/** Golden tests on the 2026 DST days; CI runs this file under TZ=UTC, America/Chicago and Pacific/Auckland. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessDateOf,
  businessDayBounds,
  centralFileStamp,
  centralFileStampInstants,
  daysBetween,
  eachBusinessDate,
  formatServiceDateTime,
  formatUsDate,
  parseBatchDate,
  parseBusinessDate,
  parseServiceDateTime,
  Temporal,
  TimeError,
  toIsoUtc,
} from '../../shared/time';

describe('business day bounds', () => {
  it.each([
    [
      'an ordinary CST day is 24 h from 06:00Z',
      '2026-01-15',
      '2026-01-15T06:00:00.000Z',
      '2026-01-16T06:00:00.000Z',
      24,
    ],
    [
      'spring forward, 2026-03-08, is 23 hours',
      '2026-03-08',
      '2026-03-08T06:00:00.000Z',
      '2026-03-09T05:00:00.000Z',
      23,
    ],
    ['fall back, 2026-11-01, is 25 hours', '2026-11-01', '2026-11-01T05:00:00.000Z', '2026-11-02T06:00:00.000Z', 25],
  ])('%s', (_name, date, start, end, hours) => {
    const day = businessDayBounds(date);
    expect(toIsoUtc(day.start)).toBe(start);
    expect(toIsoUtc(day.end)).toBe(end);
    expect(day.hours).toBe(hours);
    expect(day.end.since(day.start).total('hours')).toBe(hours);
  });

  it('the day after a DST change starts where the change day ended', () => {
    expect(businessDayBounds('2026-03-09').start.equals(businessDayBounds('2026-03-08').end)).toBe(true);
    expect(businessDayBounds('2026-11-02').start.equals(businessDayBounds('2026-11-01').end)).toBe(true);
  });
});

describe('service date-time strings (Central)', () => {
  it.each([
    ['2026-03-08 01:59:59', '2026-03-08T07:59:59.000Z'],
    ['2026-03-08 03:00:00', '2026-03-08T08:00:00.000Z'],
    // 02:30 does not exist on spring-forward night; it moves forward an hour.
    ['2026-03-08 02:30:00', '2026-03-08T08:30:00.000Z'],
    // 01:30 happens twice on fall-back night; the earlier (CDT) instant is taken.
    ['2026-11-01 01:30:00', '2026-11-01T06:30:00.000Z'],
    ['2026-11-01 00:00:00', '2026-11-01T05:00:00.000Z'],
    ['2026-07-04 12:00:00', '2026-07-04T17:00:00.000Z'],
  ])('%s Central is %s', (text, iso) => {
    expect(toIsoUtc(parseServiceDateTime(text))).toBe(iso);
  });

  it('formats instants in Central time', () => {
    expect(formatServiceDateTime(Temporal.Instant.from('2026-11-01T07:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(formatServiceDateTime(Temporal.Instant.from('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30:00');
    expect(formatServiceDateTime(businessDayBounds('2026-03-08').end)).toBe('2026-03-09 00:00:00');
  });

  it.each(['2026-03-08T01:00:00', '2026-03-08', '2026-13-01 00:00:00', '2026-02-30 10:00:00', 42])(
    'rejects %j',
    (bad) => {
      expect(() => parseServiceDateTime(bad, 'after')).toThrow(TimeError);
      expect(() => parseServiceDateTime(bad, 'after')).toThrow(/after/);
    },
  );

  it('round-trips every instant outside the repeated hour', () => {
    const start = Temporal.Instant.from('2026-01-01T00:00:00Z').epochMilliseconds;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 3600 - 1 }), (seconds) => {
        const instant = Temporal.Instant.fromEpochMilliseconds(start + seconds * 1000);
        const text = formatServiceDateTime(instant);
        const back = parseServiceDateTime(text);
        const repeatedHour = text.startsWith('2026-11-01 01:');
        return repeatedHour
          ? back.epochMilliseconds - instant.epochMilliseconds === -3600_000 || back.equals(instant)
          : back.equals(instant);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('business dates', () => {
  it('an instant falls on its Central date, not the machine’s', () => {
    expect(businessDateOf(Temporal.Instant.from('2026-01-16T05:59:59Z'))).toBe('2026-01-15');
    expect(businessDateOf(Temporal.Instant.from('2026-01-16T06:00:00Z'))).toBe('2026-01-16');
  });

  it('every instant of a business day maps back to that day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 800 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (offset, at) => {
        const date = addDays('2026-01-01', offset);
        const { start, end } = businessDayBounds(date);
        const span = end.epochMilliseconds - start.epochMilliseconds;
        const instant = Temporal.Instant.fromEpochMilliseconds(start.epochMilliseconds + Math.floor(span * at));
        return businessDateOf(instant) === date;
      }),
      { numRuns: 2000 },
    );
  });

  it('adds days and counts them across DST', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2);
    expect([...eachBusinessDate('2026-02-27', '2026-03-02')]).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('validates batch dates', () => {
    expect(parseBatchDate('2026-03-08')).toBe('2026-03-08');
    expect(parseBatchDate('2026-03-08 00:00:00')).toBe('2026-03-08');
    expect(() => parseBusinessDate('2026-02-30')).toThrow(/not a date/);
    expect(() => parseBatchDate('03/08/2026')).toThrow(TimeError);
    expect(formatUsDate('2026-03-08')).toBe('03/08/2026');
  });
});

describe('file name stamps (Central wall time)', () => {
  it.each([
    ['late evening Central is the day before in UTC', '2026-03-02T05:30:00Z', '2026-03-01T23-30-00-CT'],
    ['the first minute after spring forward', '2026-03-08T08:00:00Z', '2026-03-08T03-00-00-CT'],
    ['1:30 CDT on the fall-back night', '2026-11-01T06:30:00Z', '2026-11-01T01-30-00-CT'],
    ['1:30 CST an hour later, the same stamp', '2026-11-01T07:30:00Z', '2026-11-01T01-30-00-CT'],
  ])('%s', (_name, instant, stamp) => {
    expect(centralFileStamp(Temporal.Instant.from(instant))).toBe(stamp);
  });

  it('reads a stamp back as the moments it can stand for', () => {
    const read = (stamp: string) => centralFileStampInstants(stamp)?.map((instant) => instant.toString()) ?? null;
    expect(read('2026-03-01T23-30-00-CT')).toEqual(['2026-03-02T05:30:00Z']);
    expect(read('2026-11-01T01-30-00-CT')).toEqual(['2026-11-01T06:30:00Z', '2026-11-01T07:30:00Z']);
    // No clock showed 2:30 on the spring-forward night.
    expect(read('2026-03-08T02-30-00-CT')).toEqual([]);
    expect(read('2026-02-30T10-00-00-CT')).toBeNull();
    expect(read('20260302T053000Z')).toBeNull();
  });

  it('stands for the moment it was made from, any second of a year with both DST changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 3600 - 1 }), (seconds) => {
        const instant = Temporal.Instant.from('2026-01-01T06:00:00Z').add({ seconds });
        return centralFileStampInstants(centralFileStamp(instant))!.some((read) => read.equals(instant));
      }),
      { numRuns: 300 },
    );
  });
});
