/**
 * Clean-ups for the end of the test file now running, queued by helpers from a hook or a test (a
 * database a file's CLI runs used, say). The node projects share modules between files, so a
 * helper's own top-level afterAll would be registered for the first file that imports it only;
 * the setup file afterEachFile.ts, run again for every file, runs the queue after each.
 */
const pending: Array<() => Promise<void>> = [];

export function afterThisFile(cleanup: () => Promise<void>): void {
  pending.push(cleanup);
}

export async function runFileCleanups(): Promise<void> {
  for (const cleanup of pending.splice(0)) await cleanup();
}
