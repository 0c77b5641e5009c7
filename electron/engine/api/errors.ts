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
