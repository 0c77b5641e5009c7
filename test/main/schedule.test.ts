/**
 * main's schedule hosting driven against the engine's real scheduler and a real sandbox over HTTP:
 * a missed night is caught up at start-up, and again after the computer sleeps through 01:30.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startScheduler, type Timer } from '../../electron/engine/sync/schedule';
import { hostSchedule } from '../../electron/main/schedule';
import { startHarness, type Harness } from '../engine/sync/harness';
import { dbOf } from '../helpers/storeRows';

let h: Harness;
const armed: Array<{ ms: number; cancelled: boolean }> = [];
/** Timers that never fire by themselves: a sleeping laptop. */
const sleepingTimer: Timer = {
  set(_fn, ms) {
    const entry = { ms, cancelled: false };
    armed.push(entry);
    return () => (entry.cancelled = true);
  },
};

function runs(): Promise<Array<{ trigger: string; status: string }>> {
  return dbOf(h.engine).selectFrom('sync_runs').select(['trigger', 'status']).orderBy('id').execute();
}

async function idle(): Promise<void> {
  await vi.waitFor(async () => expect((await h.engine.call('sync.status', {})).running).toBe(false), {
    timeout: 20_000,
    interval: 20,
  });
}

beforeAll(async () => {
  h = await startHarness();
  h.engine.internals.sync.clientTuning = { sleep: async () => {}, timeoutMs: 2_000 };
});
afterAll(() => h.close());

describe('nightly schedule hosted by main', () => {
  it('catches up at start-up, after a sleep through 01:30, and not again without a missed night', async () => {
    const power = new EventEmitter();
    const errors: unknown[] = [];
    const stop = hostSchedule(
      () => startScheduler(h.engine.internals, h.engine.internals.sync, { timer: sleepingTimer }),
      power,
      (error) => errors.push(error),
    );
    await vi.waitFor(async () => expect((await runs()).length).toBe(1), { timeout: 10_000 });
    await idle();
    expect(await runs()).toEqual([{ trigger: 'catch_up', status: 'succeeded' }]);
    expect(armed.filter((t) => !t.cancelled)).toHaveLength(1);

    // Asleep for a day: the armed timer never fired. Waking restarts the schedule, which catches up.
    h.sandbox.advanceDays(1);
    power.emit('resume');
    await vi.waitFor(async () => expect((await runs()).length).toBe(2), { timeout: 10_000 });
    await idle();
    expect((await runs())[1]).toEqual({ trigger: 'catch_up', status: 'succeeded' });
    // The pre-sleep timer was cancelled and exactly one new one armed.
    expect(armed.filter((t) => !t.cancelled)).toHaveLength(1);

    // Waking again with no night missed runs nothing.
    power.emit('resume');
    await vi.waitFor(() => expect(armed.length).toBe(3));
    await idle();
    expect(await runs()).toHaveLength(2);

    stop();
    await vi.waitFor(() => expect(armed.every((t) => t.cancelled)).toBe(true));
    expect(errors).toEqual([]);
  });
});
