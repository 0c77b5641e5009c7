/** What the service client throws. Messages never carry credentials: they go through redact(). */
import { redact } from '../logger';

/** The service answered with an error status (or a redirect we refuse to follow). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;
  /** The service's error code (INVALID_PAYEE, TXN_NOT_FOUND, ...) or ours (HTTP_<status>, REDIRECT). */
  readonly code: string;
  /** "GET /txns" */
  readonly endpoint: string;
  /** 429: how long the service asked us to wait. */
  readonly retryAfterMs: number | null;
  constructor(status: number, code: string, message: string, endpoint: string, retryAfterMs: number | null = null) {
    super(redact(`${endpoint}: ${status} ${code}: ${message}`));
    this.retryAfterMs = retryAfterMs;
    this.status = status;
    this.code = code;
    this.endpoint = endpoint;
  }
}

/** The request never got an answer: connection refused or reset, DNS, timeout, truncated body. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly endpoint: string,
    message: string,
    readonly timedOut = false,
  ) {
    super(redact(`${endpoint}: ${message}`));
  }
}

/** A response that is JSON but not what the spec describes; names the endpoint, field and value. */
export class ResponseFormatError extends Error {
  override readonly name = 'ResponseFormatError';
  constructor(
    readonly endpoint: string,
    readonly field: string,
    readonly value: unknown,
    problem: string,
  ) {
    super(redact(`${endpoint}: field ${field} has ${describeValue(value)}: ${problem}`));
  }
}

/** The base URL is unusable (plain http to a non-loopback host, not a URL); raised before any request. */
export class ConnectionConfigError extends Error {
  override readonly name = 'ConnectionConfigError';
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'no value';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * The service made us reach one of our bounds (DESIGN.md §4.6): one response too large, too many
 * pages or rows for a day or a run. Never retried: asking again would only repeat it.
 */
export class BoundError extends Error {
  override readonly name = 'BoundError';
  constructor(
    readonly endpoint: string,
    /** The business day being read, when there is one. */
    readonly day: string | null,
    /** What went over, in words: "more than 500 pages for one day". */
    readonly bound: string,
  ) {
    super(redact(`${endpoint}${day ? ` for ${day}` : ''}: ${bound}`));
  }

  /** The same bound, placed on the day that was being read. */
  onDay(day: string): BoundError {
    return this.day ? this : new BoundError(this.endpoint, day, this.bound);
  }
}

/**
 * An answer with status 200 that is not the API's JSON at all (an HTML page from a proxy or a
 * login portal, JSON cut off in a well-framed body): the service was reached, so "could not
 * reach" would send the bookkeeper after the wrong problem. Retried like a transport failure.
 */
export class NotJsonError extends Error {
  override readonly name = 'NotJsonError';
  constructor(
    readonly endpoint: string,
    /** "an HTML page", "JSON cut off after 1234 bytes", ... */
    readonly what: string,
  ) {
    super(redact(`${endpoint}: answered with ${what}, not the service's JSON`));
  }
}

/** A retry we will not wait for: a Retry-After beyond our cap, or the run's waiting budget spent. */
export class WaitRefusedError extends Error {
  override readonly name = 'WaitRefusedError';
  constructor(
    readonly endpoint: string,
    readonly kind: 'retry_after' | 'budget',
    /** What the service asked for (retry_after) or what the run has already spent (budget). */
    readonly ms: number,
    readonly limitMs: number,
    /** Why we were retrying: the last failure, already redacted. */
    readonly reason: string,
  ) {
    super(
      redact(
        kind === 'retry_after'
          ? `${endpoint}: asked us to wait ${formatWait(ms)} (Retry-After), longer than the ${formatWait(limitMs)} we wait`
          : `${endpoint}: still failing after ${formatWait(ms)} of waiting and retrying in this run (the limit is ${formatWait(limitMs)}); last: ${reason}`,
      ),
    );
  }
}

/** The client's typed errors by name: the fetch worker sends them across threads by name and fields. */
export const CLIENT_ERRORS = {
  ServiceError,
  NetworkError,
  ResponseFormatError,
  ConnectionConfigError,
  BoundError,
  NotJsonError,
  WaitRefusedError,
} as const;

/** "30 s", "2 min", "1 min 30 s": waits as a person reads them. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
