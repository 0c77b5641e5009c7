/**
 * Team mode's gate in front of the engine, for one /rpc call by a signed-in user:
 * - the role the method needs (the method table, shared/contract/table.ts) before the engine is touched (403 in words);
 * - no client-supplied "by": the engine records the signed-in user (Engine.callAs);
 * - an Idempotency-Key on a write claims the key first; a retry gets the stored answer, a second
 *   request still running gets 409, the same key on a different request 422. "The same request" is
 *   the same method and JSON value: whitespace and the order of an object's keys do not count. The
 *   claim is a lease renewed while the request runs, so a server's crash does not strand the key.
 * Time is the engine's clock throughout; the contract takes no client timestamps.
 */
import type { ServerResponse } from 'node:http';
import {
  isMethodName,
  METHOD_ROLES,
  roleRefusal as refusalFor,
  toErrorPayload,
  type ErrorCode,
} from '../../../shared/contract';
import { okText, refuse, sendText } from '../http';
import { IDEMPOTENCY_RENEW_MS } from '../../engine/team';
import type { Caller, TeamMode } from './auth';

export const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  BAD_ARGUMENTS: 400,
  UNKNOWN_METHOD: 404,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_CONFIGURED: 409,
};

const KEY = /^[\w.:-]{8,200}$/;

/**
 * Why this user may not call this method, or null. The host asks before it reads a body, too, so a
 * viewer's 200 MB "statement" is refused before it is read.
 */
export function roleRefusal({ user }: Caller, method: string): string | null {
  return isMethodName(method) ? refusalFor(user, method) : null;
}

export async function teamCall(
  mode: TeamMode,
  res: ServerResponse,
  caller: Caller,
  method: string,
  args: unknown,
  idempotencyKey: string | undefined,
): Promise<void> {
  const { user } = caller;
  const needed = isMethodName(method) ? METHOD_ROLES[method] : null;
  const refusal = roleRefusal(caller, method);
  if (refusal) return refuse(res, 403, 'FORBIDDEN', refusal);
  if (args !== null && typeof args === 'object' && 'by' in args) {
    return refuse(
      res,
      403,
      'FORBIDDEN',
      `On a district server District Recon records who acted from the sign-in (${user.name}); leave "by" out.`,
    );
  }
  // Reads are safe to repeat, so their answers are not stored: the key matters on writes only.
  const keyed = idempotencyKey !== undefined && needed !== null && needed !== 'viewer';
  if (keyed) {
    if (!KEY.test(idempotencyKey)) {
      return refuse(
        res,
        400,
        'BAD_ARGUMENTS',
        'An Idempotency-Key is 8 to 200 letters, digits or . : _ - (a UUID will do).',
      );
    }
    const claim = await mode.engine.team.idempotency.claim(user.id, idempotencyKey, method, canonicalJson(args));
    if (claim.state === 'replay') return sendText(res, claim.status, claim.body, { 'idempotent-replay': 'true' });
    if (claim.state === 'running') {
      return refuse(
        res,
        409,
        'CONFLICT',
        `A request with this Idempotency-Key (started ${claim.since}) has not finished. Wait for it, then retry with the same key to get its answer.`,
      );
    }
    if (claim.state === 'mismatch') {
      return refuse(
        res,
        422,
        'BAD_ARGUMENTS',
        `This Idempotency-Key was already used for a different request (${claim.method}). Use a new key for a new request.`,
      );
    }
  }
  let status: number;
  let text: string;
  const renewal = keyed
    ? setInterval(() => {
        mode.engine.team.idempotency.renew(user.id, idempotencyKey).catch(() => undefined);
      }, IDEMPOTENCY_RENEW_MS)
    : undefined;
  try {
    const result = await mode.engine.callAs(user, method, args);
    status = 200;
    text = okText(result);
  } catch (error) {
    const payload = toErrorPayload(error);
    status = STATUS_BY_CODE[payload.code] ?? 500;
    text = JSON.stringify({ ok: false, error: payload });
  } finally {
    clearInterval(renewal);
  }
  if (keyed) {
    // An answer the engine chose (success, CONFLICT, bad arguments) is final; a failure inside the
    // server is not, so its key is released and a retry runs the request again.
    if (status < 500) await mode.engine.team.idempotency.settle(user.id, idempotencyKey, status, text);
    else await mode.engine.team.idempotency.release(user.id, idempotencyKey);
  }
  sendText(res, status, text);
}

/** JSON with object keys sorted and no whitespace: one text per JSON value, for the request's hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
