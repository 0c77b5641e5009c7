/**
 * How far V8 lets the heap grow past what its last full collection kept, while a sync runs (issue 31).
 * A sync makes its objects (a page's rows, their statements' arguments) by the million, and those a
 * write unit holds across a young collection are promoted to the old generation, where they die.
 * V8 sizes the next full collection's trigger from its own speed against the program's, up to 4x
 * what the last one kept (heap-controller.cc). At the 1M sync, the main thread's old generation kept
 * ~30 MB and was collected at 66 MB, its heap 120 MB (bench sync's timeline, load ~14), and 140 MB for
 * 113 MB "used" at a quiet run's peak; a heap snapshot at 95 MB used (it collects first) held 36 MB.
 * On a busy machine V8 chose a small factor itself (heap <= 75 MB with or without this): the bound
 * matters when the program runs fast, which is when the sync's peak is measured and felt.
 *
 * --heap-growing-percent replaces that factor, and V8 reads it at every full collection, so a
 * running process may set it: Node allows flags to change after start, and so does Electron's main
 * process (it starts V8 with --no-freeze-flags-after-init). It is one flag for every isolate of the
 * process, the fetch worker's too (whose own heap limit already keeps it near 1.6x). Set for the
 * run and its after-steps only; the app idles as V8 chooses.
 */
import { setFlagsFromString } from 'node:v8';

/** Old generation grows to 1.5x what the last full collection kept before the next one. */
export const SYNC_HEAP_GROWING_PERCENT = 50;

const FLAG = '--heap-growing-percent';

/** Runs holding the flag (a store's sync and a test's second engine may overlap). */
let holding = 0;

/** Whether the process was started with its own factor: then it is left as it was given. */
function setByProcess(): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  return /--heap[-_]growing[-_]percent/.test(given);
}

/** The growing factor V8 uses now for the sync's sake, or null when V8 chooses its own. */
export function syncHeapGrowingPercent(): number | null {
  return holding > 0 && !setByProcess() ? SYNC_HEAP_GROWING_PERCENT : null;
}

/** `work` with the heap's growth bounded (see above); restored when the last such work ends. */
export async function withSyncHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  const own = setByProcess();
  if (holding++ === 0 && !own) setFlagsFromString(`${FLAG}=${SYNC_HEAP_GROWING_PERCENT}`);
  try {
    return await work();
  } finally {
    // 0 is V8's "choose the factor yourself".
    if (--holding === 0 && !own) setFlagsFromString(`${FLAG}=0`);
  }
}
