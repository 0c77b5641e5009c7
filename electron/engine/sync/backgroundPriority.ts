/**
 * The fetch worker's share of the processor when people are using the app at the same time.
 *
 * A sync re-reads weeks of transactions every night, and the worker that fetches, parses and
 * validates them keeps one core busy. On a district server with two cores that worker competed
 * on equal terms with the main thread answering the users and the database serving them, and
 * their calls waited. On Linux a nice value belongs to one thread (setpriority with pid 0 is the
 * calling thread), so the worker lowers its own: it still gets every idle cycle, and gives way
 * only while someone's call needs the processor. On macOS and Windows the same call would lower
 * the whole app, so there it does nothing.
 */
import { platform, setPriority } from 'node:os';

/** Nice 10: a tenth of a normal thread's weight under Linux's scheduler when both want the core. */
export const BACKGROUND_NICE = 10;

/** Lowers the calling thread's priority on Linux; true when it did. */
export function runThisThreadInBackground(): boolean {
  if (platform() !== 'linux') return false;
  try {
    setPriority(0, BACKGROUND_NICE);
    return true;
  } catch {
    // A container that forbids setpriority: the sync runs as before, at normal priority.
    return false;
  }
}
