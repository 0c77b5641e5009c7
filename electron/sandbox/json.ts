/**
 * JSON at the edge. The spec: every non-ASCII character in a request body must be sent as a \uXXXX
 * escape, otherwise the service answers 500 (not 400). We check the raw bytes before parsing.
 */
import type { IncomingMessage } from 'node:http';
import { ServiceError } from './errors';

/** Bodies above this are refused; the spec names no limit, this only protects the process. */
export const MAX_BODY_BYTES = 1_000_000;

export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new ServiceError(413, 'TOO_LARGE', `Request bodies are limited to ${MAX_BODY_BYTES} bytes`));
        request.resume();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export function firstNonAsciiByte(body: Uint8Array): number {
  for (let i = 0; i < body.length; i++) if (body[i]! > 0x7f) return i;
  return -1;
}

/** Raw non-ASCII -> 500 SERVER_ERROR (the spec's quirk); malformed JSON -> 400 INVALID_JSON. */
export function parseJsonBody(body: Uint8Array): unknown {
  const at = firstNonAsciiByte(body);
  if (at >= 0) {
    throw new ServiceError(
      500,
      'SERVER_ERROR',
      `Internal server error: unescaped non-ASCII byte at offset ${at} (send \\uXXXX escapes)`,
    );
  }
  const text = Buffer.from(body).toString('ascii');
  if (text.trim() === '')
    throw new ServiceError(400, 'INVALID_JSON', 'The request body is empty; a JSON object is expected');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new ServiceError(
      400,
      'INVALID_JSON',
      `Malformed JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** JSON text with every non-ASCII UTF-16 unit written as \uXXXX: what a well-behaved client sends. */
export function stringifyAscii(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
