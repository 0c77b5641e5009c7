/**
 * Login attempts per user name and address: after 5 failures in 15 minutes the pair is refused
 * until the oldest failure ages out. In memory, per server process: a restart forgets, which costs
 * an attacker a restart they cannot cause. Keyed by name and address together so one guesser cannot
 * lock a bookkeeper out from every other desk.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;
// Bounded memory whatever an attacker sends: the oldest pairs go first.
const MAX_KEYS = 10_000;

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /** Milliseconds until another attempt is allowed, or 0. */
  waitFor(name: string, address: string): number {
    const recent = this.recent(keyOf(name, address));
    if (recent.length < MAX_FAILURES) return 0;
    return Math.max(1000, recent[0]! + WINDOW_MS - this.now());
  }

  fail(name: string, address: string): void {
    const key = keyOf(name, address);
    const recent = this.recent(key);
    recent.push(this.now());
    this.failures.delete(key);
    this.failures.set(key, recent);
    if (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  succeed(name: string, address: string): void {
    this.failures.delete(keyOf(name, address));
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }
}

function keyOf(name: string, address: string): string {
  return `${name.trim().toLowerCase()}\n${address}`;
}
