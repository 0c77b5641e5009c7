/**
 * One HTTP exchange with the service: the Authentication header, no redirects, a timeout, and
 * retries for GETs (network errors, timeouts, truncated bodies, 429 honouring Retry-After, 5xx)
 * with capped exponential backoff and full jitter. Other 4xx are answers, never retried; POSTs
 * are never retried here (callers verify with a GET first, as the spec's client pattern says).
 */
import { redact, registerSecret } from '../logger';
import { encodeJsonBody } from './body';
import { NetworkError, ServiceError } from './errors';
import { checkServiceUrl } from './url';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we wait for; a longer one fails the request. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 7,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 120_000,
};

export interface HttpOptions {
  baseUrl: string;
  token: string;
  secret: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told about each retry (logging); the text is already redacted. */
  onRetry?: (info: { endpoint: string; attempt: number; delayMs: number; reason: string }) => void;
}

export type Query = Record<string, string | number | undefined>;

export class HttpTransport {
  private readonly base: URL;
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly onRetry: HttpOptions['onRetry'];

  constructor(options: HttpOptions) {
    this.base = checkServiceUrl(options.baseUrl);
    const encoded = Buffer.from(`${options.token}:${options.secret}`, 'utf8').toString('base64');
    registerSecret(options.token);
    registerSecret(options.secret);
    registerSecret(encoded);
    this.authorization = `Basic ${encoded}`;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
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

  /** GET returning parsed JSON; retried on transient failures. */
  async get(path: string, query: Query = {}): Promise<unknown> {
    const endpoint = `GET ${path}`;
    const url = this.url(path, query);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.exchange(endpoint, url, { method: 'GET' });
      } catch (error) {
        const delay = this.retryDelay(error, attempt);
        if (delay === null) throw error;
        this.onRetry?.({
          endpoint,
          attempt,
          delayMs: delay,
          reason: redact(error instanceof Error ? error.message : String(error)),
        });
        await this.sleep(delay);
      }
    }
  }

  /** POST once; a NetworkError means the outcome is unknown and the caller must verify. */
  async post(path: string, body: unknown): Promise<unknown> {
    return this.exchange(`POST ${path}`, this.url(path), {
      method: 'POST',
      body: encodeJsonBody(body),
      headers: { 'Content-Type': 'application/json' },
    });
  }

  private async exchange(
    endpoint: string,
    url: URL,
    init: { method: string; body?: string; headers?: Record<string, string> },
  ): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, {
        ...init,
        headers: { ...init.headers, Accept: 'application/json', Authentication: this.authorization },
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw toNetworkError(endpoint, error, this.timeoutMs);
    }
    if (response.status >= 300 && response.status < 400) {
      throw new ServiceError(
        response.status,
        'REDIRECT',
        `the service sent a redirect${response.headers.get('location') ? ` to ${response.headers.get('location')}` : ''}; District Recon does not follow redirects`,
        endpoint,
      );
    }
    if (!response.ok) throw errorFromResponse(endpoint, response, text);
    if (response.status === 204 || text.trim() === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      // Cut off or garbled in transit: a transport failure, retried like one.
      throw new NetworkError(endpoint, `the answer was not complete JSON (${text.length} characters received)`);
    }
  }

  /** Milliseconds to wait before the next attempt, or null when the error is final. */
  private retryDelay(error: unknown, attempt: number): number | null {
    if (attempt >= this.retry.attempts) return null;
    const backoff = () =>
      Math.round(this.random() * Math.min(this.retry.maxDelayMs, this.retry.baseDelayMs * 2 ** (attempt - 1)));
    if (error instanceof NetworkError) return backoff();
    if (error instanceof ServiceError) {
      if (error.status === 429) {
        const after = error.retryAfterMs;
        if (after === null) return backoff();
        return after <= this.retry.maxRetryAfterMs ? after : null;
      }
      if (error.status >= 500) return backoff();
    }
    return null;
  }
}

function errorFromResponse(endpoint: string, response: Response, text: string): ServiceError {
  let code = `HTTP_${response.status}`;
  let message = response.statusText || 'error';
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string' && body.error) code = body.error;
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return new ServiceError(
    response.status,
    code,
    message,
    endpoint,
    parseRetryAfter(response.headers.get('retry-after')),
  );
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
    return new NetworkError(endpoint, `no answer within ${Math.round(timeoutMs / 1000)} s`, true);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
  const detail = cause ? `${cause.message}` : error instanceof Error ? error.message : String(error);
  return new NetworkError(endpoint, `could not reach the service (${detail})`);
}
