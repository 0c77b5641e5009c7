/**
 * One HTTP exchange over Node's own http and https modules, on a keep-alive agent: how the client
 * reaches the service unless a test gives it a fetch. Node's fetch is the same HTTP client (undici)
 * under a WHATWG layer, a Response with web streams and a Headers object, and on loopback that layer
 * cost ~400 µs of CPU a 56 KB page against ~260 µs here (scratch bench, issue 31: a full sync asks
 * for ~10,700 pages, on the fetch worker's thread).
 *
 * What fetch did for us is done here, and tested on both (bounds.test.ts): gzip asked for and
 * decoded, its decoded bytes counted against the cap (a small compressed answer can decode to
 * gigabytes); a deadline over headers and body; no redirect followed.
 */
import { Agent as HttpAgent, request as httpRequest, STATUS_CODES, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { collectWithin, TooLargeError } from '../collectWithin';
import { BoundError, NotJsonError } from './errors';
import { formatBytes, withoutBom } from './responseBody';
import type { ExchangeBounds, WireAnswer, WireRequest } from './wireExchange';

/**
 * Idle connections are kept for the next request; Node's agent closes one before the server's own
 * Keep-Alive timeout says it would, and after 4 s idle otherwise (undici's default, fetch's).
 */
const IDLE_MS = 4_000;
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: IDLE_MS }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: IDLE_MS }),
};

/** The deadline passed: named as AbortSignal.timeout names it, so the client words both alike. */
const timedOut = () => new DOMException('The operation timed out.', 'TimeoutError');

export function exchangeOverNode(url: URL, request: WireRequest, bounds: ExchangeBounds): Promise<WireAnswer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise<WireAnswer>((resolve, reject) => {
    const outgoing = send(url, {
      method: request.method,
      agent,
      headers: {
        ...request.headers,
        'Accept-Encoding': 'gzip',
        ...(body ? { 'Content-Length': String(body.length) } : {}),
      },
    });
    const deadline = setTimeout(() => fail(timedOut()), bounds.timeoutMs);
    let settled = false;
    function fail(error: unknown): void {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      outgoing.destroy();
      reject(error);
    }
    outgoing.on('error', fail);
    outgoing.on('response', (answer) => {
      readBody(answer, bounds).then((text) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({
          status: answer.statusCode ?? 0,
          statusText: answer.statusMessage || STATUS_CODES[answer.statusCode ?? 0] || '',
          header: (name) => headerOf(answer, name),
          text,
        });
      }, fail);
    });
    outgoing.end(body);
  });
}

function headerOf(answer: IncomingMessage, name: string): string | null {
  const value = answer.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The body as text, its decoded bytes counted against the cap as they come. */
function readBody(answer: IncomingMessage, { endpoint, maxBytes }: ExchangeBounds): Promise<string> {
  const refuse = () => new BoundError(endpoint, null, `one answer was larger than ${formatBytes(maxBytes)}`);
  const encoding = (headerOf(answer, 'content-encoding') ?? 'identity').trim().toLowerCase();
  const declared = Number(headerOf(answer, 'content-length') ?? NaN);
  return new Promise<string>((resolve, reject) => {
    // Compressed, the declared length is the compressed one: over the cap, the decoded body is too.
    if (declared > maxBytes) {
      answer.destroy();
      reject(refuse());
      return;
    }
    let decoded: Readable = answer;
    if (encoding === 'gzip' || encoding === 'x-gzip') {
      decoded = answer.pipe(createGunzip());
      decoded.on('error', () => {
        answer.destroy();
        reject(new NotJsonError(endpoint, 'a gzip body that does not decode'));
      });
    } else if (encoding !== 'identity') {
      answer.destroy();
      reject(new NotJsonError(endpoint, `a body encoded as "${encoding}", which was not asked for`));
      return;
    }
    answer.on('error', reject);
    collectWithin(decoded, maxBytes).then(
      (bytes) => resolve(withoutBom(bytes.toString('utf8'))),
      (error: unknown) => {
        answer.destroy();
        decoded.destroy();
        reject(error instanceof TooLargeError ? refuse() : error);
      },
    );
  });
}
