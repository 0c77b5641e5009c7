/**
 * V8's heap settings while a sync runs (issue 31): how far the heap may grow past what its last full
 * collection kept, and no allocation-site pretenuring. Both are flags of the whole process, the
 * fetch worker's heap included; both are set for the run and its after-steps only, and the app idles
 * as V8 chooses. A flag the process was started with is left as it was given.
 *
 * Growth. A sync makes its objects (a page's rows, their statements' arguments) by the million, and
 * those a write unit holds across a young collection are promoted to the old generation, where they
 * die. V8 sizes the next full collection's trigger from its own speed against the program's, up to
 * 4x what the last one kept (heap-controller.cc). At the 1M sync, the main thread's old generation
 * kept ~30 MB and was collected at 66 MB, its heap 120 MB (bench sync's timeline, load ~14), and
 * 140 MB for 113 MB "used" at a quiet run's peak; a heap snapshot at 95 MB used (it collects first)
 * held 36 MB. On a busy machine V8 chose a small factor itself (heap <= 75 MB with or without this):
 * the bound matters when the program runs fast, which is when the sync's peak is measured and felt.
 * --heap-growing-percent replaces that factor, and V8 reads it at every full collection.
 *
 * Pretenuring. V8 watches each object literal's site (those with a nested literal, such as a
 * parser's `{ value, issues: [] }`), and once nearly all of a site's objects outlive a young
 * collection it allocates that site's objects in the old generation from then on, for the life of
 * the heap. In the fetch worker's first young collections one site of ~1,400 objects a collection
 * is judged: in six workers watched (--trace-pretenuring-statistics, bench sync, three runs) 71-75%
 * of its objects had outlived the collection in four, and V8 let it be, and all of them in two,
 * and V8 tenured it. From then each page's parse results were made old, and the young values they
 * pointed to were promoted with them: those two ran 313-411 full collections instead of 43-49,
 * and a full sync in such a worker took 46-52 s instead of 37-39 s. A sync's objects live for a
 * page or a write unit, so none of its sites is worth tenuring. V8 reads the flag at each young
 * collection, so a heap made during the run (the fetch worker's) never tenures a site.
 *
 * Node allows flags to change after start, and so does Electron's main process (it starts V8 with
 * --no-freeze-flags-after-init).
 */
import { setFlagsFromString } from 'node:v8';

/** Old generation grows to 1.5x what the last full collection kept before the next one. */
export const SYNC_HEAP_GROWING_PERCENT = 50;

interface SyncFlag {
  /** The flag as set for the run. */
  during: string;
  /** The flag as V8 has it by default, restored after the run. */
  after: string;
  /** Matches the flag (either polarity) among the process's own start flags. */
  given: RegExp;
}

const GROWTH: SyncFlag = {
  during: `--heap-growing-percent=${SYNC_HEAP_GROWING_PERCENT}`,
  // 0 is V8's "choose the factor yourself".
  after: '--heap-growing-percent=0',
  given: /--heap[-_]growing[-_]percent/,
};

const PRETENURING: SyncFlag = {
  during: '--no-allocation-site-pretenuring',
  after: '--allocation-site-pretenuring',
  given: /--(no-)?allocation[-_]site[-_]pretenuring/,
};

/** Runs holding the settings (a store's sync and a test's second engine may overlap). */
let holding = 0;

/** Whether the process was started with this flag of its own: then it is left as it was given. */
function givenByProcess(flag: SyncFlag): boolean {
  return flag.given.test([...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' '));
}

function setForSync(flag: SyncFlag, during: boolean): void {
  if (!givenByProcess(flag)) setFlagsFromString(during ? flag.during : flag.after);
}

/** The growing factor V8 uses now for the sync's sake, or null when V8 chooses its own. */
export function syncHeapGrowingPercent(): number | null {
  return holding > 0 && !givenByProcess(GROWTH) ? SYNC_HEAP_GROWING_PERCENT : null;
}

/** Whether pretenuring is off now for the sync's sake. */
export function syncPretenuringOff(): boolean {
  return holding > 0 && !givenByProcess(PRETENURING);
}

/** `work` under the sync's heap settings (see above); V8's own come back when the last such work ends. */
export async function withSyncHeapSettings<T>(work: () => Promise<T>): Promise<T> {
  if (holding++ === 0) for (const flag of [GROWTH, PRETENURING]) setForSync(flag, true);
  try {
    return await work();
  } finally {
    if (--holding === 0) for (const flag of [GROWTH, PRETENURING]) setForSync(flag, false);
  }
}
