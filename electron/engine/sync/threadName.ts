/**
 * The fetch worker's thread by name. Every thread of a Node process is called "node", so neither
 * `top -H` nor a benchmark could tell the thread that fetches and parses from the one that writes
 * (issue 31: whether the writer's CPU can hide beside the fetching on two cores). On Linux a
 * thread names itself through /proc/thread-self/comm (15 characters at most); elsewhere nothing.
 */
import { writeFileSync } from 'node:fs';

export const FETCH_THREAD_NAME = 'recon-fetch';

/** Names the calling thread; true when it did. */
export function nameThisThread(name: string): boolean {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
    return true;
  } catch {
    // Not Linux, or /proc not mounted: the thread keeps its name.
    return false;
  }
}
