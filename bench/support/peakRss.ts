/**
 * The peak RSS of one part of a bench run. process.resourceUsage().maxRSS is the peak since the
 * process started, so a figure read after a later part was the largest of all the parts before it
 * (the sync bench's "peak after the nightly" was its limit pass's, which reads every GL row back at
 * once). On Linux, writing 5 to /proc/self/clear_refs resets the peak (VmHWM) to the RSS of now, so
 * each part is measured from its own start; elsewhere the figure stays the process's peak so far,
 * and says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';

function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

function peakKb(): number {
  try {
    const line = readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    if (line) return Number(line.replace(/\D/g, ''));
  } catch {
    // Not Linux: the process's own peak.
  }
  return process.resourceUsage().maxRSS;
}

/** `work`'s value and the peak RSS in MB while it ran (`ownPeak` false: the process's peak so far). */
export async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number; ownPeak: boolean }> {
  global.gc?.();
  const ownPeak = resetPeak();
  const value = await work();
  return { value, peakMb: Math.round(peakKb() / 1024), ownPeak };
}
