/**
 * One request and its answer as the client's transport sees them, whichever HTTP client carries
 * them (nodeExchange.ts by default, fetchExchange.ts when a test gives a fetch).
 */
export interface WireRequest {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** An answer, its body read whole within the byte cap. */
export interface WireAnswer {
  status: number;
  statusText: string;
  header(name: string): string | null;
  text: string;
}

export interface ExchangeBounds {
  /** Named in errors: "GET /txns". */
  endpoint: string;
  /** From sending to the body's last byte. */
  timeoutMs: number;
  /** Of the body as decoded. */
  maxBytes: number;
}

export type Exchange = (url: URL, request: WireRequest, bounds: ExchangeBounds) => Promise<WireAnswer>;
