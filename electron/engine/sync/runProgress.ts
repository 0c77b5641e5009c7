/** A run's progress line: the phase, how far it is, an estimate of the wait, at most every 200 ms within a phase. */
import type { SyncPhase, SyncProgress } from '../../../shared/contract';

export class RunProgress {
  private phase: SyncPhase = 'payees';
  private fraction = 0;
  private lastEmitMs = 0;
  private readonly startedMs = performance.now();

  constructor(
    private readonly runId: number,
    private readonly onProgress: (progress: SyncProgress) => void,
  ) {}

  report(phase: SyncPhase, fraction: number, message: string, done: { pages: number; rows: number }, force: boolean) {
    const phaseChanged = phase !== this.phase;
    this.phase = phase;
    this.fraction = Math.max(this.fraction, Math.min(1, fraction));
    // ETA is about the bookkeeper's wait: wall time, not the (possibly simulated) business clock.
    const nowMs = performance.now();
    if (!force && !phaseChanged && nowMs - this.lastEmitMs < 200) return;
    this.lastEmitMs = nowMs;
    const elapsed = (nowMs - this.startedMs) / 1000;
    const eta =
      this.fraction > 0.05 && this.fraction < 1 && elapsed > 0
        ? Math.round((elapsed * (1 - this.fraction)) / this.fraction)
        : null;
    this.onProgress({
      runId: this.runId,
      phase,
      pages: done.pages,
      rows: done.rows,
      fraction: this.fraction,
      etaSeconds: phase === 'done' ? 0 : eta,
      message,
    });
  }
}
