/**
 * Messages between the sync (main thread) and its fetch worker, and how errors cross: the client's
 * typed errors arrive as the same classes with the same fields, so the run fails with the same
 * message (endpoint, field, value) as when fetching on the main thread.
 */
import type { BusinessDate } from '../../../shared/time';
import type { HttpOptions } from '../api/http';
import type { KeysetPosition } from '../api/paging';
import type { RetryWait } from '../api/retryBudget';
import { CLIENT_ERRORS } from '../api/errors';
import type { GlDayDigests } from '../store/glBatches';
import type { KnownByDay } from './dayWalks';
import type { SyncLimits } from './limits';

/** The client's options a worker can be given: data only (no injected fetch, waiter or callbacks). */
export type WorkerConnection = Pick<
  HttpOptions,
  'baseUrl' | 'token' | 'secret' | 'timeoutMs' | 'maxResponseBytes' | 'retry'
>;

export interface WorkerSetup {
  connection: WorkerConnection;
  /** Items (pages, days) the worker may send ahead of the writer, and their bytes (aheadBound.ts). */
  ahead: number;
  aheadBytes: number;
  /** Whether the worker gives way to other work (a district server's users): backgroundPriority.ts. */
  background: boolean;
}

export function workerSetup(
  options: HttpOptions,
  ahead: { items: number; bytes: number },
  background: boolean,
): WorkerSetup {
  const { baseUrl, token, secret, timeoutMs, maxResponseBytes, retry } = options;
  return {
    connection: { baseUrl, token, secret, timeoutMs, maxResponseBytes, retry },
    ahead: ahead.items,
    aheadBytes: ahead.bytes,
    background,
  };
}

export type WalkRequest =
  | {
      type: 'walk';
      walk: number;
      kind: 'transactions';
      days: BusinessDate[];
      start: KeysetPosition | null;
      known: KnownByDay;
    }
  | { type: 'walk'; walk: number; kind: 'gl'; days: BusinessDate[]; limits: SyncLimits; known?: GlDayDigests }
  /** The details phase: `ids`' GET /txns/:id, `inFlight` at once. */
  | { type: 'walk'; walk: number; kind: 'details'; ids: number[]; inFlight: number };

export type ToWorker =
  | WalkRequest
  | { type: 'ack'; walk: number }
  | { type: 'stop'; walk: number }
  /** The main thread waited (error: it refused, the run's retry budget being spent). */
  | { type: 'waited'; id: number; error?: WireError };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'item'; walk: number; item: BusinessDate; value: unknown }
  | { type: 'end'; walk: number }
  | { type: 'error'; walk: number; error: WireError }
  | { type: 'retry'; info: { endpoint: string; attempt: number; delayMs: number; reason: string } }
  /** Every retry's wait is taken on the main thread, from the run's one budget. */
  | { type: 'wait'; id: number; wait: RetryWait };

type ClassName = keyof typeof CLIENT_ERRORS;

export interface WireError {
  kind: ClassName | 'Error';
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export function errorToWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { kind: 'Error', message: String(error), fields: {} };
  const kind =
    (Object.keys(CLIENT_ERRORS) as ClassName[]).find((name) => error instanceof CLIENT_ERRORS[name]) ?? 'Error';
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // Field values are data (status, code, endpoint, the offending value); keep what can be cloned.
    try {
      fields[key] = structuredClone(value);
    } catch {
      fields[key] = String(value);
    }
  }
  return { kind, message: error.message, stack: error.stack, fields };
}

export function errorFromWire(wire: WireError): Error {
  const prototype = wire.kind === 'Error' ? Error.prototype : CLIENT_ERRORS[wire.kind].prototype;
  const error = Object.create(prototype) as Error;
  Object.assign(error, wire.fields);
  Object.defineProperty(error, 'message', { value: wire.message, writable: true, configurable: true });
  if (wire.stack) Object.defineProperty(error, 'stack', { value: wire.stack, writable: true, configurable: true });
  return error;
}
