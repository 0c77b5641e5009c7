/**
 * The first open of a big store re-checks the deposits that lack checks (after an upgrade), which can
 * take minutes before the engine answers anything. So the window opens at once and this tells it how
 * far the opening got, with an estimate: the page's opening screen and the taskbar's progress bar.
 */
import { secondsLeft } from '../../shared/estimate';
import type { OpeningProgress } from '../../shared/desktopHost';

export interface OpeningShows {
  /** The page: each step, then null when the store is open. */
  page(progress: OpeningProgress | null): void;
  /** The taskbar or dock: a fraction 0..1, or -1 to remove the bar. */
  taskbar(fraction: number): void;
}

export interface Opening {
  /** For EngineOptions.onOpenProgress. */
  onOpenProgress(done: number, total: number): void;
  /** The store is open (or failed to open): the page and the taskbar stop showing progress. */
  finish(): void;
  /** Where the opening is now; null once finished. */
  current(): OpeningProgress | null;
}

/**
 * The engine reports after every 20 ms slice of checks; the page needs a few steps a second, not
 * fifty IPC messages. The last step (all checked) always goes out.
 */
export const STEP_MS = 100;

export function trackOpening(shows: OpeningShows, now: () => number = Date.now): Opening {
  const started = now();
  let state: OpeningProgress | null = { done: 0, total: 0, secondsLeft: null };
  let lastShown = -Infinity;
  let taskbarShown = false;
  return {
    onOpenProgress(done, total) {
      if (state === null) return;
      const at = now();
      state = { done, total, secondsLeft: secondsLeft(done, total, at - started) };
      if (at - lastShown < STEP_MS && done < total) return;
      lastShown = at;
      shows.page(state);
      if (total > 0) {
        shows.taskbar(done / total);
        taskbarShown = true;
      }
    },
    finish() {
      if (state === null) return;
      state = null;
      shows.page(null);
      if (taskbarShown) shows.taskbar(-1);
    },
    current: () => state,
  };
}
