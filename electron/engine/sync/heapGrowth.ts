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
 *
 * Heaps made while a run holds this (the fetch worker's, the checkpointer's) have no memory reducer:
 * V8 makes one per heap when the heap is set up (heap.cc), if --memory-reducer is on then, so the app's
 * main heap keeps its own. The reducer is for a program going idle: it collects and shrinks a heap
 * whose allocation slowed, and (as we read heap.cc and memory-reducer.cc) while it waits to see
 * whether that happens the heap is grown slowly. A worker that lives for one run and allocates
 * without pause has no use for it, and in about half of the full syncs (bench sync) the fetch
 * worker's heap ran 206-414 full collections instead of 49-50, the worker's scavenges
 * copying three times as much, 20-24 CPU-s on V8's helper threads instead of 11-12 (issue 31). With no
 * reducer, three runs in a row gave 49 full collections each and 10.8-12.5 CPU-s.
 */
import { setFlagsFromString } from 'node:v8';

/** Old generation grows to 1.5x what the last full collection kept before the next one. */
export const SYNC_HEAP_GROWING_PERCENT = 50;

const FLAG = '--heap-growing-percent';

/** Runs holding the flag (a store's sync and a test's second engine may overlap). */
let holding = 0;

const REDUCER_FLAG = '--memory-reducer';

/** Whether the process was started with `flag` (a pattern) given: then it is left as it was given. */
function givenAtStart(flag: RegExp): boolean {
  return flag.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '));
}

function setByProcess(): boolean {
  return givenAtStart(/--heap[-_]growing[-_]percent/);
}

function reducerSetByProcess(): boolean {
  return givenAtStart(/--(no[-_])?memory[-_]reducer\b/);
}

/** Whether a heap made now gets a memory reducer (false while a run holds the flag off, see above). */
export function newHeapsGetMemoryReducer(): boolean {
  return holding === 0 || reducerSetByProcess();
}

/** The growing factor V8 uses now for the sync's sake, or null when V8 chooses its own. */
export function syncHeapGrowingPercent(): number | null {
  return holding > 0 && !setByProcess() ? SYNC_HEAP_GROWING_PERCENT : null;
}

/** `work` with the heap's growth bounded (see above); restored when the last such work ends. */
export async function withSyncHeapGrowth<T>(work: () => Promise<T>): Promise<T> {
  const own = setByProcess();
  const ownReducer = reducerSetByProcess();
  if (holding++ === 0) {
    if (!own) setFlagsFromString(`${FLAG}=${SYNC_HEAP_GROWING_PERCENT}`);
    if (!ownReducer) setFlagsFromString(`--no-${REDUCER_FLAG.slice(2)}`);
  }
  try {
    return await work();
  } finally {
    if (--holding === 0) {
      // 0 is V8's "choose the factor yourself".
      if (!own) setFlagsFromString(`${FLAG}=0`);
      if (!ownReducer) setFlagsFromString(REDUCER_FLAG);
    }
  }
}
