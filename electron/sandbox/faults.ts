/**
 * Fault injection, off by default and set per server. Every decision is a hash of (seed, method,
 * URL, attempt number of that URL), so one client's run replays exactly whatever else hits the
 * server. Bounded: the same request never fails more than `maxConsecutive` times in a row, so a
 * client retrying that often always gets through.
 */
import { hash32 } from './rng';

export interface FaultOptions {
  /** Added to every response: a fixed delay or a [min, max] range in milliseconds. */
  latencyMs: number | readonly [number, number];
  /** Share of requests answered 500/502/503 with an error body. */
  serverErrorRate: number;
  /** Share of requests answered 429 with a Retry-After header. */
  rateLimitRate: number;
  retryAfterSeconds: number;
  /** Share of requests that hang (no answer) for hangMs, then the connection is closed. */
  timeoutRate: number;
  hangMs: number;
  /** Share of requests whose connection is reset before any answer. */
  resetRate: number;
  /** Share of answers cut off half way (Content-Length promises the whole body). */
  truncateRate: number;
  /** Share of answers with status 200 and a body that is not valid JSON. */
  malformedRate: number;
  /** Share of re-reads of a page already served that come back shifted by one object (as if a row before it vanished). */
  pageChangeRate: number;
  /** The same request (method + URL) fails at most this many times in a row. */
  maxConsecutive: number;
  /** Methods faults apply to; POST is left out by default since a client may not retry it. */
  methods: ReadonlyArray<'GET' | 'POST'>;
  /**
   * Share of POSTs that are applied and then get no answer (the connection is closed): the write
   * happened, the client cannot know it (spec rule 3's timed-out refund). POST only, whatever `methods` says.
   */
  lostAnswerRate: number;
  /** Share of POSTs that are applied and answered only after lateAnswerMs (past the client's timeout). POST only. */
  lateAnswerRate: number;
  lateAnswerMs: number;
}

export const NO_FAULTS: FaultOptions = {
  latencyMs: 0,
  serverErrorRate: 0,
  rateLimitRate: 0,
  retryAfterSeconds: 1,
  timeoutRate: 0,
  hangMs: 30_000,
  resetRate: 0,
  truncateRate: 0,
  malformedRate: 0,
  pageChangeRate: 0,
  maxConsecutive: 2,
  methods: ['GET'],
  lostAnswerRate: 0,
  lateAnswerRate: 0,
  lateAnswerMs: 35_000,
};

/** A mild, realistic mix for demos and resilience tests (`--faults default`). */
export const DEFAULT_FAULT_MIX: Partial<FaultOptions> = {
  latencyMs: [5, 60],
  serverErrorRate: 0.03,
  rateLimitRate: 0.03,
  timeoutRate: 0.005,
  hangMs: 5_000,
  resetRate: 0.01,
  truncateRate: 0.01,
  malformedRate: 0.01,
  pageChangeRate: 0.02,
};

export type FaultKind =
  'server_error' | 'rate_limit' | 'timeout' | 'reset' | 'truncate' | 'malformed' | 'lost_answer' | 'late_answer';

export interface FaultDecision {
  latencyMs: number;
  fault: FaultKind | null;
  /** For server_error: which 5xx. */
  status: number;
  /** A page already served is re-read: shift it. */
  changePage: boolean;
}

const unit = (...parts: Array<string | number>) => hash32(...parts) / 4294967296;

export class FaultInjector {
  private options: FaultOptions = NO_FAULTS;
  private readonly attempts = new Map<string, number>();
  private readonly consecutive = new Map<string, number>();
  private readonly served = new Set<string>();
  /** Count of faults injected, by kind: tests and the CLI report it. */
  readonly counts: Record<FaultKind | 'page_change', number> = {
    server_error: 0,
    rate_limit: 0,
    timeout: 0,
    reset: 0,
    truncate: 0,
    malformed: 0,
    lost_answer: 0,
    late_answer: 0,
    page_change: 0,
  };

  constructor(private readonly seed: number) {}

  set(options: Partial<FaultOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get current(): FaultOptions {
    return this.options;
  }

  decide(method: string, url: string): FaultDecision {
    const o = this.options;
    const key = `${method} ${url}`;
    if (this.attempts.size > 100_000) {
      this.attempts.clear();
      this.consecutive.clear();
      this.served.clear();
    }
    const attempt = this.attempts.get(key) ?? 0;
    this.attempts.set(key, attempt + 1);
    const [min, max] = typeof o.latencyMs === 'number' ? [o.latencyMs, o.latencyMs] : o.latencyMs;
    const latencyMs = Math.round(min + unit(this.seed, 'latency', key, attempt) * (max - min));
    const decision: FaultDecision = { latencyMs, fault: null, status: 200, changePage: false };
    const answerFaults = method === 'POST' && o.lostAnswerRate + o.lateAnswerRate > 0;
    if (!(o.methods as readonly string[]).includes(method) && !answerFaults) return decision;
    const requestFaults = (o.methods as readonly string[]).includes(method);

    const inARow = this.consecutive.get(key) ?? 0;
    if (inARow < o.maxConsecutive) {
      let r = unit(this.seed, 'fault', key, attempt);
      const table: Array<[FaultKind, number]> = [
        ...(requestFaults
          ? ([
              ['server_error', o.serverErrorRate],
              ['rate_limit', o.rateLimitRate],
              ['timeout', o.timeoutRate],
              ['reset', o.resetRate],
              ['truncate', o.truncateRate],
              ['malformed', o.malformedRate],
            ] as Array<[FaultKind, number]>)
          : []),
        ...(method === 'POST'
          ? ([
              ['lost_answer', o.lostAnswerRate],
              ['late_answer', o.lateAnswerRate],
            ] as Array<[FaultKind, number]>)
          : []),
      ];
      for (const [kind, rate] of table) {
        if (r < rate) {
          decision.fault = kind;
          decision.status =
            kind === 'server_error' ? [500, 502, 503][Math.floor(unit(this.seed, '5xx', key, attempt) * 3)]! : 200;
          break;
        }
        r -= rate;
      }
    }
    if (decision.fault) {
      this.consecutive.set(key, inARow + 1);
      this.counts[decision.fault]++;
      return decision;
    }
    this.consecutive.delete(key);
    if (this.served.has(key) && o.pageChangeRate > 0 && unit(this.seed, 'page', key, attempt) < o.pageChangeRate) {
      decision.changePage = true;
      this.counts.page_change++;
    }
    this.served.add(key);
    return decision;
  }
}

/**
 * Parses the CLI's --faults value: `default`, or comma-separated `name=value` pairs, e.g.
 * `latency=5-60,5xx=0.05,429=0.05,timeout=0.01,reset=0.01,truncate=0.01,malformed=0.01,page-change=0.05,hang=5000,max-consecutive=2,post`;
 * for writes, `lost-answer=0.5,late-answer=0.2,late=35000` (POSTs applied, their answer dropped or late).
 */
export function parseFaultSpec(spec: string): Partial<FaultOptions> {
  const result: Partial<FaultOptions> = {};
  const rate = (name: string, value: string): number => {
    const n = Number(value);
    if (value === '' || !Number.isFinite(n) || n < 0 || n > 1)
      throw new Error(`--faults ${name}: ${JSON.stringify(value)} must be a rate from 0 to 1`);
    return n;
  };
  const whole = (name: string, value: string): number => {
    if (!/^\d+$/.test(value)) throw new Error(`--faults ${name}: ${JSON.stringify(value)} must be a whole number`);
    return Number(value);
  };
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split('=', 2) as [string, string?];
    switch (name) {
      case 'default':
      case 'mild':
        Object.assign(result, DEFAULT_FAULT_MIX);
        break;
      case 'none':
      case 'off':
        Object.assign(result, NO_FAULTS);
        break;
      case 'latency': {
        const m = /^(\d+)(?:-(\d+))?$/.exec(value);
        if (!m) throw new Error(`--faults latency: ${JSON.stringify(value)} must be milliseconds like 50 or 5-60`);
        result.latencyMs = m[2] === undefined ? Number(m[1]) : [Number(m[1]), Number(m[2])];
        break;
      }
      case '5xx':
        result.serverErrorRate = rate(name, value);
        break;
      case '429':
        result.rateLimitRate = rate(name, value);
        break;
      case 'timeout':
        result.timeoutRate = rate(name, value);
        break;
      case 'reset':
        result.resetRate = rate(name, value);
        break;
      case 'truncate':
        result.truncateRate = rate(name, value);
        break;
      case 'malformed':
        result.malformedRate = rate(name, value);
        break;
      case 'page-change':
        result.pageChangeRate = rate(name, value);
        break;
      case 'hang':
        result.hangMs = whole(name, value);
        break;
      case 'retry-after':
        result.retryAfterSeconds = whole(name, value);
        break;
      case 'max-consecutive':
        result.maxConsecutive = whole(name, value);
        break;
      case 'post':
        result.methods = ['GET', 'POST'];
        break;
      case 'lost-answer':
        result.lostAnswerRate = rate(name, value);
        break;
      case 'late-answer':
        result.lateAnswerRate = rate(name, value);
        break;
      case 'late':
        result.lateAnswerMs = whole(name, value);
        break;
      default:
        throw new Error(
          `--faults: unknown fault ${JSON.stringify(name)} (known: default, latency, 5xx, 429, timeout, reset, truncate, malformed, page-change, hang, retry-after, max-consecutive, post, lost-answer, late-answer, late)`,
        );
    }
  }
  return result;
}
