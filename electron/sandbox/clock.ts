/**
 * The simulated clock. Given a `now`, it stands still until advanced (tests); without one it follows
 * real time (demo mode, `sandbox serve`), and advancing adds an offset. It never moves backwards:
 * the processor's midnights have already run.
 */
import { CENTRAL_TIME_ZONE, Temporal } from '../../shared/time';

export class SandboxClock {
  private frozenMs: number | null;
  private offsetMs = 0;

  constructor(now?: Temporal.Instant | string) {
    this.frozenMs = now === undefined ? null : toInstant(now).epochMilliseconds;
  }

  nowMs(): number {
    return this.frozenMs ?? Date.now() + this.offsetMs;
  }

  now(): Temporal.Instant {
    return Temporal.Instant.fromEpochMilliseconds(this.nowMs());
  }

  advanceTo(instant: Temporal.Instant | string): void {
    const target = toInstant(instant).epochMilliseconds;
    const current = this.nowMs();
    if (target < current) {
      throw new RangeError(
        `The sandbox clock cannot go back from ${this.now().toString()} to ${toInstant(instant).toString()}`,
      );
    }
    if (this.frozenMs !== null) this.frozenMs = target;
    else this.offsetMs += target - current;
  }

  /** The same Central wall time `days` days later (23 or 25 hours across a DST change). */
  advanceDays(days: number): void {
    this.advanceTo(this.now().toZonedDateTimeISO(CENTRAL_TIME_ZONE).add({ days }).toInstant());
  }
}

export function toInstant(value: Temporal.Instant | string): Temporal.Instant {
  return typeof value === 'string' ? Temporal.Instant.from(value) : value;
}
