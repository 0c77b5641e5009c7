/**
 * Hosting the nightly sync while the app is open. The schedule itself (when the next run is due,
 * whether a night was missed) is the engine's, on an injected clock (electron/engine/sync); main
 * only starts it, and tells it to catch up at start-up and whenever the computer wakes, because a
 * laptop asleep at 01:30 misses the night and timers do not fire during sleep.
 */
export interface HostedSchedule {
  /** Arms the timer for the next due run. */
  start(): void;
  /** Runs a missed night now, if one was missed; otherwise does nothing. */
  catchUp(): Promise<unknown>;
  stop(): void;
}

export interface PowerEvents {
  on(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
  removeListener(event: 'resume' | 'unlock-screen', listener: () => void): unknown;
}

export function hostSchedule(
  schedule: HostedSchedule,
  power: PowerEvents,
  onError: (error: unknown) => void,
): () => void {
  const catchUp = () => {
    // Re-arm first: the timer that was due during sleep may be stale.
    schedule.stop();
    schedule.start();
    schedule.catchUp().catch(onError);
  };
  schedule.start();
  schedule.catchUp().catch(onError);
  power.on('resume', catchUp);
  return () => {
    power.removeListener('resume', catchUp);
    schedule.stop();
  };
}
