/**
 * How long is left of a long run, from its rate so far: the CLI's progress line and the renderer's
 * progress bars say the same thing the same way.
 */

/** Seconds left at the rate so far; null until there is a rate to go by. */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || total <= done || elapsedMs <= 0) return null;
  return Math.ceil(((total - done) * elapsedMs) / done / 1000);
}

/** "about 12 s left", "about 3 min left"; a second is as precise as an estimate deserves. */
export function formatTimeLeft(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  if (seconds < 90) return `about ${Math.ceil(seconds)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
