/**
 * Where a process's resident memory is (issue 31), Linux only: /proc/self/smaps grouped into glibc's
 * malloc arenas (the main one, [heap], and the other threads' 64 MB heaps: SQLite's caches, buffers
 * outside the JS heaps), other anonymous memory (the JS heaps of every isolate, this one's and the
 * fetch worker's among them) and file-backed pages (the binaries; SQLite maps only its -shm file);
 * with this isolate's heap and buffers from process.memoryUsage beside them. process.memoryUsage
 * alone left two thirds of the sync's peak "unaccounted".
 */
import { appendFileSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';

/** The phase the samples are taken in, for the timeline (the bench sets it as the run reports its phases). */
export const memoryPhase = { now: '' };

export interface MemoryParts {
  rssMb: number;
  /** glibc's main arena (brk) and the threads' arenas. */
  mallocMainMb: number;
  mallocThreadsMb: number;
  mallocThreadArenas: number;
  /** Anonymous memory that is no malloc arena: V8's heaps (every isolate), mmapped large blocks. */
  otherAnonMb: number;
  fileMb: number;
  /** This isolate's heap (committed, used) and its buffers. */
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
}

const ARENA_KB = 64 * 1024;
const mb = (kb: number) => Math.round(kb / 1024);

export function memoryParts(): MemoryParts | null {
  let text: string;
  try {
    text = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return null;
  }
  const maps: Array<{ start: number; end: number; path: string; perms: string; rss: number }> = [];
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      maps.push({
        start: parseInt(head[1]!, 16),
        end: parseInt(head[2]!, 16),
        perms: head[3]!,
        path: head[4]!,
        rss: 0,
      });
    } else if (line.startsWith('Rss:')) maps.at(-1)!.rss = Number(line.replace(/\D/g, ''));
  }
  let rss = 0;
  let mallocMain = 0;
  let mallocThreads = 0;
  let arenas = 0;
  let otherAnon = 0;
  let file = 0;
  for (let i = 0; i < maps.length; i++) {
    const map = maps[i]!;
    rss += map.rss;
    if (map.path === '[heap]') mallocMain += map.rss;
    else if (map.path.startsWith('/')) file += map.rss;
    else if (map.path === '') {
      // A thread arena: 64 MB reserved at a 64 MB boundary, its used part read-write, the rest ---p.
      const next = maps[i + 1];
      const aligned = map.start % (ARENA_KB * 1024) === 0;
      const whole =
        (map.end - map.start) / 1024 === ARENA_KB ||
        (next &&
          next.path === '' &&
          next.perms.startsWith('---') &&
          next.start === map.end &&
          (next.end - map.start) / 1024 === ARENA_KB);
      if (aligned && whole && map.perms.startsWith('rw')) {
        mallocThreads += map.rss;
        arenas++;
      } else otherAnon += map.rss;
    } else otherAnon += map.rss;
  }
  const usage = process.memoryUsage();
  return {
    rssMb: mb(rss),
    mallocMainMb: mb(mallocMain),
    mallocThreadsMb: mb(mallocThreads),
    mallocThreadArenas: arenas,
    otherAnonMb: mb(otherAnon),
    fileMb: mb(file),
    heapTotalMb: Math.round(usage.heapTotal / 1048576),
    heapUsedMb: Math.round(usage.heapUsed / 1048576),
    externalMb: Math.round(usage.external / 1048576),
  };
}

/**
 * The RSS a new peak must pass the last recorded one by before its parts are read again. Reading
 * /proc/self/smaps costs ~10 ms of this thread's CPU at 300 MB (it walks every mapping): taken every
 * 250 ms it cost the full sync's writer ~1.9 s of its ~26 CPU-s (a CPU profile: readFileUtf8 and this
 * parse), time the limit passes it is compared with never paid. The RSS alone is read in microseconds.
 */
export const NEW_PEAK_MB = 2;

/**
 * Samples the RSS every `everyMs` while `work` runs, and memoryParts whenever it passes the last
 * peak read by NEW_PEAK_MB (every sample when a timeline is written): the parts of the sample with
 * the largest RSS, within NEW_PEAK_MB of the peak.
 */
export async function withPeakParts<T>(
  work: () => Promise<T>,
  everyMs = 250,
  readParts: () => MemoryParts | null = memoryParts,
  readRss: () => number = () => process.memoryUsage.rss(),
): Promise<{ value: T; peak: MemoryParts | null }> {
  let peak: MemoryParts | null = null;
  const record = timelineRecorder();
  const everySample = Boolean(process.env.BENCH_MEMORY_TIMELINE);
  const sample = () => {
    if (!everySample && peak && readRss() / 1048576 < peak.rssMb + NEW_PEAK_MB) return;
    const parts = readParts();
    if (parts && (!peak || parts.rssMb > peak.rssMb)) peak = parts;
    if (parts) record(parts);
  };
  const timer = setInterval(sample, everyMs);
  try {
    const value = await work();
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Where the memory went over a run, not only at its peak: BENCH_MEMORY_TIMELINE=FILE appends each
 * sample there (one JSON line: seconds, phase, the parts, this isolate's heap spaces in MB);
 * BENCH_HEAP_SNAPSHOT_MB=N writes one heap snapshot of this thread (to BENCH_HEAP_SNAPSHOT_FILE, or
 * V8's name for it) the first time its used heap reaches N MB. A snapshot collects first, so it shows
 * what was live, not the garbage the heap held; writing it grows the RSS: not for a measured run.
 */
function timelineRecorder(): (parts: MemoryParts) => void {
  const timeline = process.env.BENCH_MEMORY_TIMELINE;
  const snapshotAtMb = Number(process.env.BENCH_HEAP_SNAPSHOT_MB ?? 0);
  let snapshotTaken = false;
  const started = performance.now();
  return (parts) => {
    if (snapshotAtMb && !snapshotTaken && parts.heapUsedMb >= snapshotAtMb) {
      snapshotTaken = true;
      const file = v8.writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT_FILE);
      console.log(`  heap snapshot at ${parts.heapUsedMb} MB used (phase ${memoryPhase.now}): ${file}`);
    }
    if (!timeline) return;
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((space) => [space.space_name.replace(/_space$/, ''), mb(space.space_size / 1024)]),
    );
    const seconds = +((performance.now() - started) / 1000).toFixed(1);
    appendFileSync(timeline, JSON.stringify({ seconds, phase: memoryPhase.now, ...parts, spaces }) + '\n');
  };
}
