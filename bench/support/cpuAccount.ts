/**
 * CPU seconds of a bench's parts (issue 31): the sandbox's process, and in this process the fetch
 * worker's thread (it names itself, sync/threadName.ts), the main thread (the writer, in a sync)
 * and the rest (V8's collector threads, libuv's pool, the store's checkpoint and backup workers).
 * Whether the sync can run within its fetch-and-parse limit on two cores depends on these sums, not
 * on wall time. Linux only (/proc); elsewhere the per-thread figures are null.
 *
 * A thread's times vanish from /proc when it exits (the fetch worker when the run closes), so the
 * threads are sampled while the work runs (every 200 ms, and whenever the caller asks) and each
 * thread's last sample counts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { FETCH_THREAD_NAME } from '../../electron/engine/sync/threadName';

export interface CpuSeconds {
  sandbox: number | null;
  fetchWorker: number | null;
  mainThread: number | null;
  otherThreads: number | null;
  /** This process, all threads (process.cpuUsage). */
  recon: number;
}

interface ThreadTime {
  name: string;
  seconds: number;
}

/** user + system seconds from a /proc stat line (fields 14 and 15; USER_HZ is 100 on Linux). */
function statSeconds(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) a process used so far; null where /proc is not there. */
export function processCpuSeconds(pid: number): number | null {
  try {
    return statSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

function threadTimes(): Map<number, ThreadTime> | null {
  try {
    const times = new Map<number, ThreadTime>();
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        times.set(Number(tid), { name, seconds: statSeconds(stat) });
      } catch {
        // The thread ended between the listing and the read.
      }
    }
    return times;
  } catch {
    return null;
  }
}

const round = (seconds: number | null) => (seconds === null ? null : +seconds.toFixed(2));

/**
 * Measures the CPU that `work` costs, by part; `sample` lets the work add samples at its own moments,
 * and `sample(true)` ends the account there (a sync's CPU up to its 'done', not the backup after it).
 */
export async function withCpuAccount<T>(
  sandboxPid: number | undefined,
  work: (sample: (end?: boolean) => void) => Promise<T>,
): Promise<{ value: T; cpu: CpuSeconds }> {
  const before = threadTimes();
  const last = new Map<number, ThreadTime>();
  const sandboxBefore = sandboxPid === undefined ? null : processCpuSeconds(sandboxPid);
  const reconBefore = process.cpuUsage();
  let ended: { used: NodeJS.CpuUsage; sandboxAfter: number | null } | null = null;
  const sample = (end = false) => {
    if (ended) return;
    for (const [tid, time] of threadTimes() ?? []) last.set(tid, time);
    if (end)
      ended = {
        used: process.cpuUsage(reconBefore),
        sandboxAfter: sandboxPid === undefined ? null : processCpuSeconds(sandboxPid),
      };
  };
  const timer = setInterval(sample, 200);
  let value: T;
  try {
    value = await work(sample);
    sample(true);
  } finally {
    clearInterval(timer);
  }
  const { used, sandboxAfter } = ended!;
  const recon = (used.user + used.system) / 1e6;
  const spent = (tid: number) => last.get(tid)!.seconds - (before?.get(tid)?.seconds ?? 0);
  let mainThread: number | null = null;
  let fetchWorker: number | null = null;
  if (before) {
    mainThread = last.has(process.pid) ? spent(process.pid) : null;
    fetchWorker = 0;
    for (const [tid, time] of last) if (time.name === FETCH_THREAD_NAME) fetchWorker += spent(tid);
  }
  return {
    value,
    cpu: {
      sandbox: round(sandboxBefore === null || sandboxAfter === null ? null : sandboxAfter - sandboxBefore),
      fetchWorker: round(fetchWorker),
      mainThread: round(mainThread),
      otherThreads: round(mainThread === null || fetchWorker === null ? null : recon - mainThread - fetchWorker),
      recon: round(recon)!,
    },
  };
}

export function describeCpu(cpu: CpuSeconds): string {
  const s = (n: number | null) => (n === null ? 'n/a' : `${n.toFixed(1)} s`);
  return `cpu: sandbox ${s(cpu.sandbox)}, fetch worker ${s(cpu.fetchWorker)}, main thread ${s(cpu.mainThread)}, other threads ${s(cpu.otherThreads)} (recon ${s(cpu.recon)})`;
}
