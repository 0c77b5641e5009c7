/**
 * Hosting the nightly sync while the app is open. The schedule itself (next due run, whether a
 * night was missed, the catch-up run) is the engine's (electron/engine/sync/schedule.ts, on an
 * injected clock); main starts it after the engine, and RESTARTS it whenever the computer wakes:
 * timers do not advance during sleep (they run on a monotonic clock that stops while suspended), so
 * a laptop asleep at 01:30 would otherwise run the night late or never. Starting the engine's
 * scheduler again re-reads the clock, runs the missed night as a catch-up and re-arms the timer.
 */
export interface RunningSchedule {
  stop(): void;
}

/** Starts the engine's scheduler (which catches up a missed night before it resolves). */
export type StartSchedule = () => Promise<RunningSchedule>;

export interface PowerEvents {
  on(event: 'resume', listener: () => void): unknown;
  removeListener(event: 'resume', listener: () => void): unknown;
}

export function hostSchedule(start: StartSchedule, power: PowerEvents, onError: (error: unknown) => void): () => void {
  let stopped = false;
  // Restarts are chained so two quick resumes never leave two schedulers armed.
  let current: Promise<RunningSchedule | null> = start().catch((error: unknown) => (onError(error), null));
  const restart = () => {
    current = current.then(async (running) => {
      running?.stop();
      if (stopped) return null;
      return start().catch((error: unknown) => (onError(error), null));
    });
  };
  power.on('resume', restart);
  return () => {
    stopped = true;
    power.removeListener('resume', restart);
    void current.then((running) => running?.stop());
  };
}
