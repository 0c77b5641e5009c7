import { describe, expect, it } from 'vitest';
import { closeAfterEach } from '../../helpers/closeAfterEach';
import { Temporal } from '../../../shared/time';
import { nextScheduled, previousScheduled, startScheduler, type Timer } from '../../../electron/engine/sync/schedule';
import { startHarness, startSyncedHarness } from './harness';

const at = (iso: string) => Temporal.Instant.from(iso);

function manualTimer(): Timer & { pending: Array<{ fn: () => void; ms: number; cancelled: boolean }> } {
  const pending: Array<{ fn: () => void; ms: number; cancelled: boolean }> = [];
  return {
    pending,
    set(fn, ms) {
      const entry = { fn, ms, cancelled: false };
      pending.push(entry);
      return () => void (entry.cancelled = true);
    },
  };
}

describe('nightly schedule times (Central, across DST)', () => {
  it.each([
    ['2026-03-10T15:00:00Z', '01:30', '2026-03-11T06:30:00Z'], // CDT
    ['2026-03-01T12:00:00Z', '01:30', '2026-03-02T07:30:00Z'], // CST
    ['2026-03-02T07:30:00Z', '01:30', '2026-03-02T07:30:00Z'], // exactly due
    ['2026-03-07T20:00:00Z', '23:45', '2026-03-08T05:45:00Z'], // the evening before the spring change
  ])('after %s at %s Central -> %s', (now, time, expected) => {
    expect(nextScheduled(at(now), time).toString()).toBe(expected);
  });

  it('previous scheduled instant', () => {
    expect(previousScheduled(at('2026-03-10T15:00:00Z'), '01:30').toString()).toBe('2026-03-10T06:30:00Z');
  });
});

describe('scheduler', () => {
  const closing = closeAfterEach();

  it('catches up at start-up when a night was missed, then runs at the scheduled time', async () => {
    const h = closing(await startHarness());
    const service = h.engine.internals.sync;
    const finished: string[] = [];
    h.engine.on('sync.finished', (s) => finished.push(`${s.trigger}:${s.status}`));
    const timer = manualTimer();
    await startScheduler(h.engine.internals, service, { timer });
    // No run ever: the 01:30 of today was missed.
    await until(() => finished.length === 1);
    expect(finished).toEqual(['catch_up:succeeded']);
    const status = await h.engine.call('sync.status');
    expect(status.nextRunAt).toBe('2026-03-11T06:30:00.000Z');
    expect(timer.pending.at(-1)!.ms).toBe(
      at('2026-03-11T06:30:00Z').epochMilliseconds - h.sandbox.now().epochMilliseconds,
    );

    h.sandbox.advanceTo('2026-03-11T06:30:00Z');
    timer.pending.at(-1)!.fn();
    await until(() => finished.length === 2);
    expect(finished[1]).toBe('schedule:succeeded');
    await until(() => timer.pending.length === 2);
    expect((await h.engine.call('sync.status')).nextRunAt).toBe('2026-03-12T06:30:00.000Z');

    // Settings change re-arms; turning the schedule off clears it.
    await h.engine.call('settings.set', { patch: { scheduleTime: '02:15' } });
    await until(() => timer.pending.length === 3);
    expect((await h.engine.call('sync.status')).nextRunAt).toBe('2026-03-11T07:15:00.000Z');
    await h.engine.call('settings.set', { patch: { scheduleEnabled: false } });
    await until(async () => (await h.engine.call('sync.status')).nextRunAt === null);
    expect(timer.pending.slice(0, -1).every((p) => p.cancelled)).toBe(true);
  });

  it('no catch-up when the last night ran', async () => {
    const h = closing((await startSyncedHarness({ from: '2026-03-05' })).h);
    const service = h.engine.internals.sync;
    const finished: string[] = [];
    h.engine.on('sync.finished', (s) => finished.push(s.trigger));
    await startScheduler(h.engine.internals, service, { timer: manualTimer() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(finished).toEqual([]);
    expect(service.running).toBe(false);
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
