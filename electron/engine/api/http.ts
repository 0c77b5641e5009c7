/**
 * One HTTP exchange with the service: the Authentication header, no redirects, a deadline per
 * attempt covering headers AND body, a byte cap on the body, and retries for GETs (network errors,
 * timeouts, bodies that are not JSON, 429 honouring Retry-After, 5xx) with capped exponential
 * backoff and full jitter, every wait taken from the run's retry budget. Other 4xx are answers,
 * never retried; POSTs are never retried here (callers verify with a GET first, as the spec's
 * client pattern says).
 */
import { redact, registerSecret } from '../logger';
import { encodeJsonBody } from './body';
import {
  BoundError,
  ConnectionConfigError,
  NetworkError,
  NotJsonError,
  ServiceError,
  WaitRefusedError,
} from './errors';
import { exchangeOverFetch } from './fetchExchange';
import { exchangeOverNode } from './nodeExchange';
import { DEFAULT_MAX_RESPONSE_BYTES, parseJsonAnswer } from './responseBody';
import { DEFAULT_RETRY_BUDGET_MS, RetryBudget, type RetryCause, type RetryWait, type RetryWaiter } from './retryBudget';
import { checkServiceUrl } from './url';
import type { Exchange, WireAnswer } from './wireExchange';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we wait for; a longer one fails the request, saying so. */
  maxRetryAfterMs: number;
  /** All retries of one client (one run) together: waits plus the failed attempts' own time. */
  budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 7,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  // Half the budget: a service asking for more than a minute is not coming back within this run.
  maxRetryAfterMs: 60_000,
  budgetMs: DEFAULT_RETRY_BUDGET_MS,
};

/** Per attempt, headers and body: a body dripping in slowly is cut off here too. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpOptions {
  baseUrl: string;
  token: string;
  secret: string;
  /** Deadline of one attempt, from sending to the body's last byte. */
  timeoutMs?: number;
  /** Largest body we read; a larger one fails the request (never retried). */
  maxResponseBytes?: number;
  retry?: Partial<RetryPolicy>;
  /** Where waits before retries are taken (the fetch worker borrows the main thread's budget). */
  waiter?: RetryWaiter;
  /** A fetch to send through instead of Node's http (tests watch or change answers so). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told about each retry (logging); the text is already redacted. */
  onRetry?: (info: { endpoint: string; attempt: number; delayMs: number; reason: string }) => void;
}

export type Query = Record<string, string | number | undefined>;

/** Turns an answer's text into its value (parseJsonAnswer's signature), throwing what get would. */
export type AnswerReader<T> = (text: string, endpoint: string, contentType: string | null) => T;

export class HttpTransport {
  private readonly base: URL;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly retry: RetryPolicy;
  /** This client's (this run's) retry budget; `waiter` is where waits are actually taken. */
  readonly budget: RetryBudget;
  private readonly waiter: RetryWaiter;
  private readonly send: Exchange;
  private readonly random: () => number;
  private readonly onRetry: HttpOptions['onRetry'];

  constructor(options: HttpOptions) {
    this.base = checkServiceUrl(options.baseUrl);
    // Basic auth splits user and password at the first colon: such a token could never work.
    if (options.token.includes(':'))
      throw new ConnectionConfigError(
        'The token contains ":", which Basic authentication cannot carry. Check the token.',
      );
    const encoded = Buffer.from(`${options.token}:${options.secret}`, 'utf8').toString('base64');
    registerSecret(options.token);
    registerSecret(options.secret);
    registerSecret(encoded);
    this.authorization = `Basic ${encoded}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    const fetchImpl = options.fetch;
    this.send = fetchImpl
      ? (url, request, bounds) => exchangeOverFetch(fetchImpl, url, request, bounds)
      : exchangeOverNode;
    const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    this.budget = new RetryBudget(this.retry.budgetMs, sleep);
    this.waiter = options.waiter ?? this.budget;
    this.random = options.random ?? Math.random;
    this.onRetry = options.onRetry;
  }

  url(path: string, query: Query = {}): URL {
    const url = new URL(this.base.href.replace(/\/?$/, '/') + path.replace(/^\//, ''));
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** GET returning parsed JSON; retried on transient failures within the run's budget. */
  get(path: string, query: Query = {}): Promise<unknown> {
    return this.getRead(path, query, parseJsonAnswer);
  }

  /**
   * GET whose answer's text `read` turns into what is returned (JSON.parse for get): its errors,
   * a NotJsonError among them, are retried as get's are.
   */
  async getRead<T>(path: string, query: Query, read: AnswerReader<T>): Promise<T | null> {
    const endpoint = `GET ${path}`;
    const url = this.url(path, query);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        return await this.exchange(endpoint, url, { method: 'GET' }, read);
      } catch (error) {
        const retry = this.retryDelay(error, attempt);
        if (retry === null) throw error;
        const reason = redact(error instanceof Error ? error.message : String(error));
        this.onRetry?.({ endpoint, attempt, delayMs: retry.delayMs, reason });
        const wait: RetryWait = {
          endpoint,
          attempt,
          delayMs: retry.delayMs,
          lostMs: Math.round(performance.now() - started),
          cause: retry.cause,
          status: error instanceof ServiceError ? error.status : null,
          reason,
        };
        await this.waiter.wait(wait);
      }
    }
  }

  /**
   * Resolves once the requests made so far are on the wire. Node's http gives a request its socket
   * on the next tick, so one made in the middle of other work (the next page asked for while this
   * one is checked) would leave only when that work was done.
   */
  untilSent(): Promise<void> {
    return new Promise((resolve) => process.nextTick(resolve));
  }

  /** POST once; a NetworkError means the outcome is unknown and the caller must verify. */
  async post(path: string, body: unknown): Promise<unknown> {
    return this.exchange(`POST ${path}`, this.url(path), {
      method: 'POST',
      body: encodeJsonBody(body),
      headers: { 'Content-Type': 'application/json' },
    });
  }

  private async exchange<T = unknown>(
    endpoint: string,
    url: URL,
    init: { method: string; body?: string; headers?: Record<string, string> },
    read: AnswerReader<T> = parseJsonAnswer as AnswerReader<T>,
  ): Promise<T | null> {
    let answer: WireAnswer;
    try {
      answer = await this.send(
        url,
        {
          method: init.method,
          body: init.body,
          headers: { ...init.headers, Accept: 'application/json', Authentication: this.authorization },
        },
        { endpoint, timeoutMs: this.timeoutMs, maxBytes: this.maxResponseBytes },
      );
    } catch (error) {
      // Read, and found too large or not readable: an answer, not a network's failure.
      if (error instanceof BoundError || error instanceof NotJsonError) throw error;
      throw toNetworkError(endpoint, error, this.timeoutMs);
    }
    const { status, text } = answer;
    if (status >= 300 && status < 400) {
      const location = answer.header('location');
      throw new ServiceError(
        status,
        'REDIRECT',
        `the service sent a redirect${location ? ` to ${location}` : ''}; District Recon does not follow redirects`,
        endpoint,
      );
    }
    if (status < 200 || status >= 300) throw errorFromAnswer(endpoint, answer);
    if (status === 204 || text.trim() === '') return null;
    return read(text, endpoint, answer.header('content-type'));
  }

  /** How long to wait before the next attempt and why, or null when the error is final. */
  private retryDelay(error: unknown, attempt: number): { delayMs: number; cause: RetryCause } | null {
    if (attempt >= this.retry.attempts) return null;
    const backoff = () =>
      Math.round(this.random() * Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1)));
    if (error instanceof NetworkError) return { delayMs: backoff(), cause: error.timedOut ? 'timeout' : 'network' };
    if (error instanceof NotJsonError) return { delayMs: backoff(), cause: 'not_json' };
    if (error instanceof ServiceError) {
      if (error.status === 429) {
        const after = error.retryAfterMs;
        if (after === null) return { delayMs: backoff(), cause: 'rate_limit' };
        if (after > this.retry.maxRetryAfterMs)
          throw new WaitRefusedError(error.endpoint, 'retry_after', after, this.retry.maxRetryAfterMs, error.message);
        return { delayMs: after, cause: 'rate_limit' };
      }
      if (error.status >= 500) return { delayMs: backoff(), cause: 'server_error' };
    }
    return null;
  }
}

function errorFromAnswer(endpoint: string, answer: WireAnswer): ServiceError {
  let code = `HTTP_${answer.status}`;
  let message = answer.statusText || 'error';
  try {
    const body = JSON.parse(answer.text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && body.error) code = body.error;
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ServiceError(answer.status, code, message, endpoint, parseRetryAfter(answer.header('retry-after')));
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function toNetworkError(endpoint: string, error: unknown, timeoutMs: number): NetworkError {
  if (error instanceof NetworkError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new NetworkError(endpoint, `no complete answer within ${formatSeconds(timeoutMs)}`, true);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const detail = cause ? `${cause.message}` : error instanceof Error ? error.message : String(error);
  return new NetworkError(endpoint, `could not reach the service (${detail})`);
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
