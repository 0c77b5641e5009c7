/**
 * The nightly sync: at `scheduleTime` Central (default 01:30) every day, and at start-up when the
 * last scheduled night passed without a successful run (the computer was off or asleep). Time and
 * timers are injected, so tests drive it with a fixed clock and a manual timer.
 */
import { nextScheduled, previousScheduled, Temporal, toIsoUtc, type Clock } from '../../../shared/time';

export { nextScheduled, previousScheduled };
import type { CredentialStore } from '../engineOptions';
import type { EngineEventBus } from '../events';
import type { Logger } from '../logger';
import type { SettingsReader } from '../settings';
import type { ReadableDB } from '../store/work';
import { lastSuccessStartedAt } from '../store/syncState';
import type { SyncControl } from '../syncControl';

export interface Timer {
  /** Calls `fn` after `ms`; returns a cancel function. */
  set(fn: () => void, ms: number): () => void;
}

export const realTimer: Timer = {
  set(fn, ms) {
    // setTimeout overflows past ~24.8 days; the schedule re-checks the clock when it fires anyway.
    const handle = setTimeout(fn, Math.min(ms, 2 ** 31 - 1));
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

export interface Scheduler {
  /** When the next nightly run is due (ISO UTC), or null when the schedule is off. */
  nextRunAt(): string | null;
  stop(): void;
}

export interface SchedulerOptions {
  clock?: Clock;
  timer?: Timer;
}

/** What the schedule takes from the engine that assembles it. */
export interface ScheduleDeps {
  store: { reader: ReadableDB };
  clock: Clock;
  logger: Logger;
  events: Pick<EngineEventBus, 'on'>;
  settings: SettingsReader;
  credentials: Pick<CredentialStore, 'isConfigured'>;
  onClose(close: () => Promise<void> | void): void;
}

/** Starts the nightly schedule for one engine; hosts call it once after creating the engine. */
export async function startScheduler(
  ctx: ScheduleDeps,
  service: SyncControl,
  options: SchedulerOptions = {},
): Promise<Scheduler> {
  const clock = options.clock ?? ctx.clock;
  const timer = options.timer ?? realTimer;
  let cancelTimer: (() => void) | null = null;
  let next: Temporal.Instant | null = null;
  let stopped = false;
  let lastFired: Temporal.Instant | null = null;

  const trigger = async (kind: 'schedule' | 'catch_up') => {
    try {
      await service.start({ trigger: kind });
    } catch (error) {
      ctx.logger.warn(`nightly sync did not start`, { error: error instanceof Error ? error.message : String(error) });
    }
  };

  const arm = async () => {
    cancelTimer?.();
    cancelTimer = null;
    next = null;
    if (stopped) return;
    const settings = await ctx.settings();
    if (!settings.scheduleEnabled) return;
    let due = nextScheduled(clock.now(), settings.scheduleTime);
    // The night just run is not due again.
    if (lastFired && Temporal.Instant.compare(due, lastFired) <= 0)
      due = nextScheduled(lastFired.add({ minutes: 1 }), settings.scheduleTime);
    next = due;
    cancelTimer = timer.set(() => void fire(due), Math.max(0, due.epochMilliseconds - clock.now().epochMilliseconds));
  };

  const fire = async (due: Temporal.Instant) => {
    // A timer may fire early (long delays are split) or late (sleep): trust the clock.
    if (Temporal.Instant.compare(clock.now(), due) >= 0) {
      lastFired = due;
      await trigger('schedule');
    }
    await arm();
  };

  const settings = await ctx.settings();
  if (settings.scheduleEnabled && ((await ctx.credentials.isConfigured().catch(() => false)) || settings.sandboxMode)) {
    const previous = previousScheduled(clock.now(), settings.scheduleTime);
    const lastStarted = await lastSuccessStartedAt(ctx.store.reader);
    if (!lastStarted || lastStarted < toIsoUtc(previous)) await trigger('catch_up');
  }
  await arm();
  const unsubscribe = ctx.events.on('data.changed', ({ scopes }) => {
    if (scopes.includes('settings')) void arm();
  });
  service.nextRunAt = () => (next ? toIsoUtc(next) : null);
  const scheduler: Scheduler = {
    nextRunAt: () => (next ? toIsoUtc(next) : null),
    stop() {
      stopped = true;
      cancelTimer?.();
      unsubscribe();
      service.nextRunAt = () => null;
    },
  };
  ctx.onClose(() => scheduler.stop());
  return scheduler;
}
