/** Small HTTP helpers shared by the browser host and its team mode: JSON answers, bounded bodies, paths. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isMethodName, METHOD_FILE_CONTENT } from '../../shared/contract';
import { collectWithin, TooLargeError } from '../engine/collectWithin';

/** Any request's body: every call but a statement's upload is small. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * A statement's upload (a method whose table entry names file content: bank.import, bank.mappings.preview): the contract's 200,000,000 characters
 * of statement (base64, as the app sends it: about 150 MB of file) and room for the JSON around it.
 * Read as it streams in and refused the moment it passes this, so a larger body is never held.
 */
export const STATEMENT_CONTENT_LIMIT = 200_000_000;
export const MAX_STATEMENT_BODY_BYTES = STATEMENT_CONTENT_LIMIT + 64 * 1024;

export class BodyTooLarge extends Error {}

/** The most a call's body may hold, and how to say so when it holds more. */
export function bodyLimitOf(method: string): { bytes: number; tooLarge: string } {
  if (isMethodName(method) && METHOD_FILE_CONTENT[method].size > 0) {
    return {
      bytes: MAX_STATEMENT_BODY_BYTES,
      tooLarge: `The statement is larger than a district server takes: ${STATEMENT_CONTENT_LIMIT / 1_000_000} MB as sent (about ${Math.floor((STATEMENT_CONTENT_LIMIT * 3) / 4 / 1_000_000)} MB of file). Ask the bank for a shorter date range.`,
    };
  }
  return { bytes: MAX_BODY_BYTES, tooLarge: `The request body is larger than ${MAX_BODY_BYTES} bytes; send less.` };
}

export function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

export function badPath(res: ServerResponse): void {
  sendJson(res, 400, {
    ok: false,
    error: { code: 'BAD_ARGUMENTS', message: 'The path is not valid percent-encoding.' },
  });
}

export async function readBody(
  req: IncomingMessage,
  limit: { bytes: number; tooLarge: string } = bodyLimitOf(''),
): Promise<string> {
  if (Number(req.headers['content-length'] ?? 0) > limit.bytes) throw new BodyTooLarge(limit.tooLarge);
  try {
    return (await collectWithin(req, limit.bytes)).toString('utf8');
  } catch (error) {
    throw error instanceof TooLargeError ? new BodyTooLarge(limit.tooLarge) : error;
  }
}

/** Answers 413 for a body over the cap, then drops the rest unread: the client sees 413, not a reset. */
export function refuseLargeBody(req: IncomingMessage, res: ServerResponse, error: BodyTooLarge): void {
  res.setHeader('connection', 'close');
  sendJson(res, 413, { ok: false, error: { code: 'BAD_ARGUMENTS', message: error.message } });
  req.resume();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  sendText(res, status, JSON.stringify(body), headers);
}

const frozenResultTexts = new WeakMap<object, string>();

/**
 * A successful call's answer, `{ ok: true, result }`, as JSON. A frozen result is one the engine
 * shares between callers until the data change (engine/readCache.ts): its text is kept with it, so
 * fifty users opening the same month of GL batches cost one serialisation, not fifty.
 */
export function okText(result: unknown): string {
  if (result === null || typeof result !== 'object' || !Object.isFrozen(result))
    return JSON.stringify({ ok: true, result });
  let text = frozenResultTexts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    frozenResultTexts.set(result, text);
  }
  return `{"ok":true,"result":${text}}`;
}

/** A JSON text already serialised (an idempotent replay sends the stored answer byte for byte). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(text);
}

export function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { ok: false, error: { code, message } }, headers);
}
