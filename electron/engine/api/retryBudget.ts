/**
 * How long one run may spend on retries, all requests together: the sleeps before retries AND
 * the time the failed attempts themselves took. Per-request limits alone multiply: 7 attempts of
 * a response dripping one byte a second, or Retry-After: 119 on every attempt, each stayed
 * within its own limit and still kept a bookkeeper waiting 4 to 12 minutes with nothing to read.
 */
import { WaitRefusedError } from './errors';

export type RetryCause = 'rate_limit' | 'server_error' | 'network' | 'timeout' | 'not_json';

export interface RetryWait {
  endpoint: string;
  /** The attempt that failed (1 = the first). */
  attempt: number;
  delayMs: number;
  /** How long the failed attempt took: a timed-out attempt costs its whole deadline. */
  lostMs: number;
  cause: RetryCause;
  /** The HTTP status behind `cause`, when there was one (429, 503). */
  status: number | null;
  /** The failure, already redacted. */
  reason: string;
}

/** Two minutes: long enough to ride out a restart or a rate limit, short enough to sit through. */
export const DEFAULT_RETRY_BUDGET_MS = 120_000;

/** Where a transport takes its waits; the fetch worker's transport asks the main thread's. */
export interface RetryWaiter {
  wait(wait: RetryWait): Promise<void>;
}

export class RetryBudget implements RetryWaiter {
  private spent = 0;
  /** Told before each wait, so progress can say that we wait and why. */
  onWait: ((wait: RetryWait) => void) | null = null;

  constructor(
    readonly limitMs: number,
    private readonly sleep: (ms: number) => Promise<void>,
  ) {}

  get spentMs(): number {
    return this.spent;
  }

  async wait(wait: RetryWait): Promise<void> {
    this.spent += wait.lostMs;
    if (this.spent + wait.delayMs > this.limitMs)
      throw new WaitRefusedError(wait.endpoint, 'budget', this.spent, this.limitMs, wait.reason);
    this.spent += wait.delayMs;
    this.onWait?.(wait);
    await this.sleep(wait.delayMs);
  }
}

/** The progress line while we wait: what we wait for, and why. */
export function describeWait(wait: Pick<RetryWait, 'delayMs' | 'cause' | 'status'>): string {
  const seconds = Math.max(1, Math.ceil(wait.delayMs / 1000));
  const why: Record<RetryCause, string> = {
    rate_limit: `the payment service asked us to slow down (${wait.status ?? 429})`,
    server_error: `the payment service had a problem on its side (${wait.status ?? 500})`,
    network: 'the payment service could not be reached',
    timeout: 'the payment service did not answer in time',
    not_json: 'the payment service answered with something that is not its JSON',
  };
  return `Waiting ${seconds} s: ${why[wait.cause]}`;
}
